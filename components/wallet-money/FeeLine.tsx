'use client';
import { useTranslations } from 'next-intl';
import { env } from '@/lib/env';
import { formatAmount, formatFee } from '@/lib/money';

/** 'Handling fee (ETH): 0.001' and, when the operator set one, the minimum amount. */
export function FeeLine({ fee, minimum, testId }: { fee: bigint | undefined; minimum?: bigint; testId: string }) {
  const t = useTranslations();
  return (
    <div className="mt-2 space-y-0.5 text-xs text-haze">
      <p data-testid={testId}>{t('fee.handlingFee', { unit: env.symbol, amount: fee === undefined ? '—' : formatFee(fee) })}</p>
      {minimum !== undefined && minimum > 0n && <p>{t('moneyOut.minimum', { amount: formatAmount(minimum) })}</p>}
    </div>
  );
}
