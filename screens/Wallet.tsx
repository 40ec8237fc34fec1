'use client';
import { useTranslations } from 'next-intl';
import { useApiQuery } from '@/components/api/useApiQuery';
import { RechargeForm } from '@/components/recharge/RechargeForm';
import { ScreenFrame } from '@/components/ScreenFrame';
import { useToast } from '@/components/Toast';
import { useWallet } from '@/components/wallet/WalletContext';
import { endpoints } from '@/lib/api/contract';
import { formatAmount } from '@/lib/money';
import type { ScreenProps } from '@/lib/routes';

export default function Wallet({ route }: ScreenProps) {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const balance = useApiQuery(endpoints.getBalance, {});
  const soon = () => toast.show(t('common.underDevelopment'));
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Wallet" className="space-y-4">
        <section className="rounded-2xl bg-gradient-to-br from-gold/25 via-ink-card to-ink-card p-5 ring-1 ring-gold/20">
          <p className="text-xs text-haze">{t('recharge.balance')}</p>
          <p data-testid="app-balance" className="mt-1 text-3xl font-bold text-fg">
            {balance.data ? formatAmount(BigInt(balance.data.balance)) : '—'} <span className="text-sm text-gold">WLD</span>
          </p>
          {!wallet.signedIn && <p className="mt-2 text-xs text-haze">{t('menu.connectHint')}</p>}
          <div className="mt-4 grid grid-cols-2 gap-3">
            <button data-testid="withdraw" onClick={soon} className="rounded-xl bg-fg/10 py-2.5 text-sm text-fg">{t('recharge.withdraw')}</button>
            <button data-testid="transfer" onClick={soon} className="rounded-xl bg-fg/10 py-2.5 text-sm text-fg">{t('recharge.transfer')}</button>
          </div>
        </section>
        <RechargeForm />
      </div>
    </ScreenFrame>
  );
}
