'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { endpoints } from '@/lib/api/contract';
import { GENERATIONS, type Generation } from '@/lib/rewards';
import { useApiPages } from '../api/useApiQuery';
import { ListFooter } from '../ListFooter';
import { EmptyState, ErrorState } from '../ScreenFrame';
import { Tabs } from '../Tabs';
import { MemberCard } from './MemberCard';

const PAGE_SIZE = 10;

/** The team's members, one generation at a time. */
export function TeamMembers() {
  const t = useTranslations('community');
  const [generation, setGeneration] = useState<Generation>('1');
  const tabs = GENERATIONS.map((key) => ({ key, label: t('generation', { n: key }), testId: `generation-tab-${key}` }));
  return (
    <section className="space-y-3">
      <h2 className="text-base font-semibold text-fg">{t('members')}</h2>
      <Tabs tabs={tabs} value={generation} onChange={setGeneration} />
      <MemberList key={generation} generation={generation} />
    </section>
  );
}

function MemberList({ generation }: { generation: Generation }) {
  const t = useTranslations('community');
  const pages = useApiPages(endpoints.getTeamList, { generation }, PAGE_SIZE);
  if (pages.isError && pages.list.length === 0) return <ErrorState onRetry={pages.refetch} />;
  return (
    <div data-testid={`team-list-${generation}`} className="space-y-3">
      {pages.list.length === 0 && !pages.isLoading ? (
        <EmptyState title={t('none')} body={t('noneHint')} />
      ) : (
        pages.list.map((m, i) => <MemberCard key={`${m.address}-${m.join_time}-${i}`} member={m} />)
      )}
      <ListFooter pages={pages} />
    </div>
  );
}
