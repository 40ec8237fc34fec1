'use client';
import { useTranslations } from 'next-intl';
import type { RewardRecord } from '@/lib/api/replies';
import { formatAmount } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { RecordFrame, type RecordRow } from '../RecordFrame';

/** One reward: the amount, its generation, the (masked) source member and stake, the server's formula, when. */
export function RewardCard({ record: r }: { record: RewardRecord }) {
  const t = useTranslations();
  const rows: RecordRow[] = [
    [t('reward.source'), r.source, { wide: true, testId: 'reward-source' }],
    [t('reward.sourceAmount'), `${formatAmount(BigInt(r.source_amount))} WLD`],
    [t('records.time'), formatTime(r.create_time)],
    [t('reward.formula'), r.formula, { wide: true, figure: true, testId: 'reward-formula' }],
  ];
  return (
    <RecordFrame
      testId={`reward-record-${r.id}`}
      headline={`+${formatAmount(BigInt(r.amount))} WLD`}
      headlineTestId="reward-amount"
      status={t('reward.generation', { n: r.generation })}
      statusTestId="reward-generation"
      tone="good"
      rows={rows}
    />
  );
}
