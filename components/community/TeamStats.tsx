'use client';
import { useTranslations } from 'next-intl';
import { endpoints } from '@/lib/api/contract';
import { formatAmount } from '@/lib/money';
import { generationCounts } from '@/lib/rewards';
import { useApiQuery } from '../api/useApiQuery';
import { ErrorState } from '../ScreenFrame';
import { StatGrid } from '../StatGrid';
import { GenerationTable } from './GenerationTable';

const wld = (base: string) => formatAmount(BigInt(base));

/** The statistics of the member's three-generation team (getTeamSummary). */
export function TeamStats() {
  const t = useTranslations('community');
  const summary = useApiQuery(endpoints.getTeamSummary, {});
  const s = summary.data;
  if (summary.isError && !s) return <ErrorState onRetry={summary.refetch} />;
  const stats = [
    { label: t('directCount'), value: s?.direct_count, sub: s && t('valid', { count: s.valid_direct_count }), testId: 'team-direct-count' },
    { label: t('teamCount'), value: s?.team_count, sub: s && t('valid', { count: s.valid_team_count }), testId: 'team-count' },
    { label: t('todayNew'), value: s?.today_new_count, testId: 'team-today-new' },
    { label: t('todayStake'), value: s && wld(s.today_stake_total), unit: 'WLD', testId: 'team-today-stake' },
  ];
  return (
    <div className="space-y-3">
      <StatGrid stats={stats} />
      <section className="flex items-center justify-between rounded-2xl bg-ink-card px-4 py-3.5 ring-1 ring-ink-line">
        <span className="text-xs text-haze">{t('teamStake')}</span>
        <span data-testid="team-stake-total" className={`text-base font-bold text-fg ${s ? '' : 'animate-pulse'}`}>
          {s ? wld(s.team_stake_total) : '—'} <span className="text-xs font-semibold text-gold">WLD</span>
        </span>
      </section>
      <GenerationTable generations={s && generationCounts(s)} />
    </div>
  );
}
