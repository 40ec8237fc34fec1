'use client';
import { useTranslations } from 'next-intl';
import { endpoints } from '@/lib/api/contract';
import type { RewardKind } from '@/lib/api/replies';
import { useApiPages } from '../api/useApiQuery';
import { ListFooter } from '../ListFooter';
import { EmptyState, ErrorState } from '../ScreenFrame';
import { RewardCard } from './RewardCard';

const PAGE_SIZE = 10;

/** One reward ledger (direct or team), newest first, a page more as it scrolls, ending in 'No more data yet'. */
export function RewardList({ kind }: { kind: RewardKind }) {
  const t = useTranslations('reward');
  const pages = useApiPages(endpoints.getRewardList, { type: kind }, PAGE_SIZE);
  if (pages.isError && pages.list.length === 0) return <ErrorState onRetry={pages.refetch} />;
  return (
    <div data-testid={`reward-list-${kind}`} className="space-y-3">
      {pages.list.length === 0 && !pages.isLoading ? (
        <EmptyState title={t('none')} body={t('noneHint')} />
      ) : (
        pages.list.map((r) => <RewardCard key={r.id} record={r} />)
      )}
      <ListFooter pages={pages} />
    </div>
  );
}
