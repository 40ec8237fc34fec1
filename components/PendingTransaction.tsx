'use client';
import { useTranslations } from 'next-intl';
import type { WriteStage } from './api/useChainWrite';

/** List rows of a sent transaction: its hash, and once it has waited long for a receipt, that it is still pending. */
export function PendingTransaction({ stage }: { stage: WriteStage }) {
  const t = useTranslations();
  if (stage.step !== 'pending') return null;
  return (
    <>
      <li className="break-all font-mono text-[10px] text-haze">{t('recharge.pending', { hash: stage.hash })}</li>
      {stage.slow && (
        <li data-testid="still-pending" className="text-gold">
          {t('common.stillPending')}
        </li>
      )}
    </>
  );
}
