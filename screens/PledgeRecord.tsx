'use client';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { type RecordAction, RecordCard } from '@/components/pledge/RecordCard';
import type { RecordsPage, StakeRecord } from '@/components/pledge/types';
import { UpgradeDialog } from '@/components/pledge/UpgradeDialog';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { useToast } from '@/components/Toast';
import { useLevels, useQueryKey } from '@/components/wallet/queries';
import { useWallet } from '@/components/wallet/WalletContext';
import type { ScreenProps } from './registry';

const PAGE_SIZE = 10;

export default function PledgeRecord({ route }: ScreenProps) {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const levels = useLevels();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [upgrading, setUpgrading] = useState<StakeRecord | null>(null);
  const records = useInfiniteQuery({
    queryKey: useQueryKey('records'),
    queryFn: ({ pageParam }) => wallet.call<RecordsPage>('investapi/getInvestList', { page: String(pageParam), limit: String(PAGE_SIZE) }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.has_more ? all.length + 1 : undefined),
    enabled: wallet.signedIn,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && hasNextPage && !isFetchingNextPage && void fetchNextPage());
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const run = async (path: string, payload: Record<string, string>, success: string) => {
    setBusy(true);
    try {
      await wallet.call(path, payload);
      toast.success(t(success));
      await queries.invalidateQueries({ predicate: (q) => ['records', 'balance', 'expiry', 'userInfo'].includes(String(q.queryKey[0])) });
    } catch (error) {
      wallet.report(error);
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: RecordAction, record: StakeRecord) => {
    if (action === 'upgrade') return setUpgrading(record);
    if (action === 'applyRedeem') return void run('investapi/applyRedeem', { pledge_id: record.pledge_id }, 'pledge.applied');
    return void run('investapi/confirmRedeem', { pledge_id: record.pledge_id }, 'success.redemption');
  };

  const list = records.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="PledgeRecord" className="space-y-3">
        {!wallet.signedIn ? (
          <EmptyState title={t('menu.notSignedIn')} body={t('menu.connectHint')} />
        ) : list.length === 0 && !records.isLoading ? (
          <EmptyState title={t('pledge.none')} body={t('pledge.noneHint')} />
        ) : (
          list.map((r) => <RecordCard key={r.pledge_id} record={r} busy={busy} onAction={onAction} />)
        )}
        <div ref={sentinel} className="py-4 text-center text-xs text-haze">
          {records.isFetching ? t('common.loading') : list.length > 0 && !hasNextPage ? t('common.noMoreData') : ''}
        </div>
      </div>
      {upgrading && (
        <UpgradeDialog
          record={upgrading}
          levels={levels.data?.list ?? []}
          onClose={() => setUpgrading(null)}
          onConfirm={(levelId) => {
            const record = upgrading;
            setUpgrading(null);
            void run('investapi/investUpgrade', { pledge_id: record.pledge_id, order_id: levelId }, 'success.upgrade');
          }}
        />
      )}
    </ScreenFrame>
  );
}
