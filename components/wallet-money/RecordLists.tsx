'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { endpoints } from '@/lib/api/contract';
import { useApiPages } from '../api/useApiQuery';
import { ListFooter } from '../ListFooter';
import { EmptyState } from '../ScreenFrame';
import { RechargeCard, TransferCard, WithdrawCard } from './RecordCards';

const PAGE_SIZE = 10;

function RecordList({ pages, children }: { pages: Parameters<typeof ListFooter>[0]['pages'] & { isLoading: boolean }; children: ReactNode }) {
  const t = useTranslations('records');
  return (
    <div className="space-y-3">
      {pages.list.length === 0 && !pages.isLoading ? <EmptyState title={t('none')} body={t('noneHint')} /> : children}
      <ListFooter pages={pages} />
    </div>
  );
}

export function RechargeRecords() {
  const pages = useApiPages(endpoints.getRechargeList, {}, PAGE_SIZE);
  return (
    <RecordList pages={pages}>
      {pages.list.map((r) => (
        <RechargeCard key={r.id} record={r} />
      ))}
    </RecordList>
  );
}

export function WithdrawRecords() {
  const pages = useApiPages(endpoints.getWithdrawList, {}, PAGE_SIZE);
  return (
    <RecordList pages={pages}>
      {pages.list.map((r) => (
        <WithdrawCard key={r.id} record={r} />
      ))}
    </RecordList>
  );
}

export function TransferRecords() {
  const pages = useApiPages(endpoints.getTransferList, {}, PAGE_SIZE);
  return (
    <RecordList pages={pages}>
      {pages.list.map((r) => (
        <TransferCard key={r.id} record={r} />
      ))}
    </RecordList>
  );
}
