'use client';
import { useTranslations } from 'next-intl';
import type { WriteStage } from './api/useChainWrite';

const STEPS = ['wallet', 'pending', 'confirmed'] as const;

/** A contract write's stages from useChainWrite: awaiting the wallet → pending with its hash → confirmed. */
export function ChainStages({ stage, testId }: { stage: WriteStage; testId: string }) {
  const t = useTranslations();
  if (stage.step === 'idle' || stage.step === 'failed') return null;
  const at = STEPS.indexOf(stage.step);
  const hash = stage.step === 'pending' || stage.step === 'confirmed' ? stage.hash : undefined;
  return (
    <ol data-testid={testId} data-stage={stage.step} className="mt-3 space-y-1 rounded-xl bg-ink/60 p-3 text-xs">
      {STEPS.map((step, i) => (
        <li key={step} className={i === at ? 'text-gold' : i < at ? 'text-mint' : 'text-haze'}>
          {i < at || stage.step === 'confirmed' ? '✓ ' : i === at ? '● ' : '○ '}
          {t(`moneyOut.stage.${step}`)}
        </li>
      ))}
      {hash && <li className="break-all font-mono text-[10px] text-haze">{t('recharge.pending', { hash })}</li>}
    </ol>
  );
}
