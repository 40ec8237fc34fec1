'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { ScreenFrame } from '@/components/ScreenFrame';
import { BalanceCard } from '@/components/wallet-money/BalanceCard';
import { type MoneyForm, MoneyForms } from '@/components/wallet-money/MoneyForms';
import { WalletRecords } from '@/components/wallet-money/WalletRecords';
import type { ScreenProps } from '@/lib/routes';

export default function Wallet({ route }: ScreenProps) {
  const t = useTranslations();
  const [form, setForm] = useState<MoneyForm>('recharge');
  const forms = useRef<HTMLDivElement>(null);
  const openWithdraw = () => {
    setForm('withdraw');
    forms.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Wallet" className="space-y-4">
        <BalanceCard onWithdraw={openWithdraw} />
        <div ref={forms}>
          <MoneyForms form={form} onChange={setForm} />
        </div>
        <WalletRecords />
      </div>
    </ScreenFrame>
  );
}
