'use client';
import { useTranslations } from 'next-intl';
import { ScreenFrame } from '@/components/ScreenFrame';
import { TransferForm } from '@/components/wallet-money/TransferForm';
import type { ScreenProps } from '@/lib/routes';

export default function WalletTransfer({ route }: ScreenProps) {
  const t = useTranslations();
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="WalletTransfer">
        <TransferForm />
      </div>
    </ScreenFrame>
  );
}
