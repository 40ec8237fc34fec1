'use client';
import { useTranslations } from 'next-intl';
import { useLocation } from 'wouter';
import { endpoints } from '@/lib/api/contract';
import { formatAmount } from '@/lib/money';
import { useApiQuery } from '../api/useApiQuery';

/** The in-app balance, with Withdraw (opens the withdraw form) and Transfer (its own page). */
export function BalanceCard({ onWithdraw }: { onWithdraw: () => void }) {
  const t = useTranslations();
  const [, navigate] = useLocation();
  const balance = useApiQuery(endpoints.getBalance, {});
  return (
    <section className="rounded-2xl bg-gradient-to-br from-gold/25 via-ink-card to-ink-card p-5 ring-1 ring-gold/20">
      <p className="text-xs text-haze">{t('recharge.balance')}</p>
      <p data-testid="app-balance" className="mt-1 text-3xl font-bold text-fg">
        {balance.data ? formatAmount(BigInt(balance.data.balance)) : '—'} <span className="text-sm text-gold">WLD</span>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <button data-testid="withdraw" onClick={onWithdraw} className="rounded-xl bg-fg/10 py-2.5 text-sm text-fg">
          {t('recharge.withdraw')}
        </button>
        <button data-testid="transfer" onClick={() => navigate('/wallet/transfer')} className="rounded-xl bg-fg/10 py-2.5 text-sm text-fg">
          {t('recharge.transfer')}
        </button>
      </div>
    </section>
  );
}
