'use client';
import { useTranslations } from 'next-intl';
import { Link } from 'wouter';
import type { SettlementKind } from '@/lib/settlement';
import type { WriteStage } from './api/useChainWrite';

const LABELS = {
  wallet: 'moneyOut.stage.wallet',
  pending: 'moneyOut.stage.pending',
  confirmed: 'moneyOut.stage.confirmed',
  recording: 'moneyOut.stage.recording',
  approve: 'recharge.phase.approve',
  recharge: 'recharge.phase.recharge',
  crediting: 'recharge.phase.crediting',
} as const;
export type ProgressStep = keyof typeof LABELS;

/** The stages of one contract write, in their order. */
export const WRITE_STEPS = ['wallet', 'pending', 'confirmed'] as const satisfies readonly ProgressStep[];

/** Where a write is among WRITE_STEPS; undefined when nothing is under way (idle, or failed and already reported). */
export function writeStep(stage: WriteStage): (typeof WRITE_STEPS)[number] | undefined {
  return stage.step === 'idle' || stage.step === 'failed' ? undefined : stage.step;
}

/**
 * The one progress list of every contract write: the flow's steps in order (done ✓, current ●, to come ○), then
 * the write's own state: awaiting the wallet (when the step does not say so itself), its hash while it is
 * pending, and once it has waited long for a receipt, that it is still pending. Without `steps` the flow is the
 * write alone (WRITE_STEPS, at the write's stage); with them, `current` says where the flow is. `unconfirmed`: the
 * ledger did not show the movement within the settlement bound (useSettlement), so the waiting step stays current
 * and a notice says so, with the link to that kind's records. Renders nothing without a current step.
 */
export function TransactionProgress(
  props: { testId: string; stage: WriteStage; unconfirmed?: SettlementKind } & (
    { steps?: never } | { steps: readonly ProgressStep[]; current: ProgressStep | undefined }
  ),
) {
  const { testId, stage, unconfirmed } = props;
  const t = useTranslations();
  const steps = props.steps ?? WRITE_STEPS;
  const current = props.steps ? props.current : writeStep(stage);
  if (!current) return null;
  const at = steps.indexOf(current);
  const awaitingWallet = stage.step === 'wallet' && current !== 'wallet';
  return (
    <ol data-testid={testId} data-stage={current} className="mt-3 space-y-1 rounded-xl bg-ink/60 p-3 text-xs">
      {steps.map((step, i) => {
        // Confirmed is a fact, not a wait: it is ticked as soon as it is reached.
        const done = i < at || (i === at && step === 'confirmed');
        return (
          <li key={step} className={done ? 'text-mint' : i === at ? 'text-gold' : 'text-haze'}>
            {done ? '✓ ' : i === at ? '● ' : '○ '}
            {t(LABELS[step])}
            {i === at && awaitingWallet && ` — ${t('recharge.confirmInWallet')}`}
          </li>
        );
      })}
      {stage.step === 'pending' && <li className="break-all font-mono text-[10px] text-haze">{t('recharge.pending', { hash: stage.hash })}</li>}
      {stage.step === 'pending' && stage.slow && (
        <li data-testid="still-pending" className="text-gold">
          {t('common.stillPending')}
        </li>
      )}
      {unconfirmed && (
        <li data-testid="still-waiting" role="status" className="space-y-1 pt-1 text-gold">
          <p>{t('settlement.stillWaiting')}</p>
          <Link to={`/wallet?records=${unconfirmed}`} data-testid="still-waiting-records" className="inline-block font-semibold underline underline-offset-2">
            {t('settlement.viewRecords')}
          </Link>
        </li>
      )}
    </ol>
  );
}
