'use client';
import { useTranslations } from 'next-intl';
import { PendingTransaction } from '../PendingTransaction';
import type { WriteStage } from '../api/useChainWrite';
import type { MoneyOutPhase } from './useMoneyOut';

const STEPS = ['wallet', 'pending', 'confirmed', 'recording'] as const;

/** A request's stages once it is being sent: awaiting the wallet → pending with its hash → confirmed → recorded. */
export function StageProgress({ phase, stage, testId }: { phase: MoneyOutPhase; stage: WriteStage; testId: string }) {
  const t = useTranslations();
  if (phase !== 'sending' && phase !== 'recording') return null;
  const current = phase === 'recording' ? 'recording' : stage.step === 'pending' || stage.step === 'confirmed' ? stage.step : 'wallet';
  const at = STEPS.indexOf(current);
  return (
    <ol data-testid={testId} data-stage={current} className="mt-3 space-y-1 rounded-xl bg-ink/60 p-3 text-xs">
      {STEPS.map((step, i) => (
        <li key={step} className={i === at ? 'text-gold' : i < at ? 'text-mint' : 'text-haze'}>
          {i < at ? '✓ ' : i === at ? '● ' : '○ '}
          {t(`moneyOut.stage.${step}`)}
        </li>
      ))}
      <PendingTransaction stage={stage} />
    </ol>
  );
}
