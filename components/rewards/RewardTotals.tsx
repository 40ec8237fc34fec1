'use client';
import { useTranslations } from 'next-intl';
import { Link } from 'wouter';
import { endpoints } from '@/lib/api/contract';
import type { RewardKind } from '@/lib/api/replies';
import { formatAmount } from '@/lib/money';
import { REWARD_KINDS, rewardDetailPath, rewardTotal } from '@/lib/rewards';
import { useApiQuery } from '../api/useApiQuery';
import { ErrorState } from '../ScreenFrame';
import { StatGrid } from '../StatGrid';

const wld = (base: string | bigint) => formatAmount(BigInt(base));

/** The member's reward totals (everything, direct, team, today, yesterday) and the way into each ledger. */
export function RewardTotals() {
  const t = useTranslations('reward');
  const summary = useApiQuery(endpoints.getRewardSummary, {});
  const s = summary.data;
  if (summary.isError && !s) return <ErrorState onRetry={summary.refetch} />;
  const stats = [
    { label: t('direct'), value: s && wld(s.direct_total), unit: 'WLD', testId: 'reward-direct-total' },
    { label: t('team'), value: s && wld(s.team_total), unit: 'WLD', testId: 'reward-team-total' },
    { label: t('today'), value: s && wld(s.today), unit: 'WLD', testId: 'reward-today' },
    { label: t('yesterday'), value: s && wld(s.yesterday), unit: 'WLD', testId: 'reward-yesterday' },
  ];
  return (
    <div className="space-y-4">
      <section className="rounded-2xl bg-gradient-to-br from-gold/25 via-ink-card to-ink-card p-5 ring-1 ring-gold/20">
        <p className="text-xs text-haze">{t('total')}</p>
        <p data-testid="reward-total" className={`mt-1 text-3xl font-bold text-fg ${s ? '' : 'animate-pulse'}`}>
          {s ? wld(rewardTotal(s)) : '—'} <span className="text-sm text-gold">WLD</span>
        </p>
      </section>
      <StatGrid stats={stats} />
      <nav className="overflow-hidden rounded-2xl bg-ink-card ring-1 ring-ink-line">
        {REWARD_KINDS.map((kind) => (
          <DetailLink key={kind} kind={kind} />
        ))}
      </nav>
    </div>
  );
}

function DetailLink({ kind }: { kind: RewardKind }) {
  const t = useTranslations('reward');
  return (
    <Link
      to={rewardDetailPath(kind)}
      data-testid={`reward-detail-${kind}`}
      className="flex items-center justify-between border-b border-ink-line px-4 py-3.5 text-sm text-fg last:border-b-0"
    >
      {t(`detail.${kind}`)}
      <span className="text-haze">›</span>
    </Link>
  );
}
