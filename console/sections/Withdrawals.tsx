'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import { WITHDRAWAL_STATUS_LIST as WITHDRAWAL_STATUSES } from '../lib/constants';
import type { QueuedWithdrawal, Withdrawal } from '../../lib/console-api/replies';
import { short, utc, wld } from '../lib/format';
import { useConsoleQuery } from '../lib/queries';
import { Card, Field, Mono, Select, Tabs, TextInput } from '../ui/kit';
import { type Column, PagedTable, usePagedFilters } from '../ui/Table';
import { addressFilter } from '../lib/filters';
import { WithdrawalDetail } from './WithdrawalDetail';
import { Flags, PayoutProgress, StatusBadge } from './withdrawal-parts';

type Tab = 'queue' | 'history';

/** The queue under review (with flags and the member's balance) and the decided history, both paged by the server. */
export function Withdrawals() {
  const t = useTranslations('withdrawals');
  const [tab, setTab] = useState<Tab>('queue');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
      <Card title={t('title')}>
        <Tabs
          value={tab}
          onChange={(v) => {
            setTab(v);
            setSelected(null);
          }}
          options={[
            { id: 'queue', label: t('queue') },
            { id: 'history', label: t('history') },
          ]}
        />
        {tab === 'queue' ? <Queue selected={selected} onSelect={setSelected} /> : <History selected={selected} onSelect={setSelected} />}
      </Card>
      {selected && <WithdrawalDetail id={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

/**
 * With a withdrawal's detail open beside the list, the list drops the columns the detail shows in full (when it
 * was requested, the balance, the reason), so that the rest fits its half of the screen without scrolling sideways.
 */
const IN_DETAIL = new Set(['created', 'balance', 'reason']);
const besideDetail = <T,>(columns: Column<T>[], selected: string | null) => (selected ? columns.filter((c) => !IN_DETAIL.has(c.key)) : columns);

function useColumns() {
  const t = useTranslations('withdrawals');
  const base: Column<Withdrawal>[] = [
    { key: 'id', header: t('id'), cell: (w) => <span className="font-mono">#{w.id}</span> },
    { key: 'member', header: t('member'), cell: (w) => <Mono>{short(w.address)}</Mono> },
    { key: 'amount', header: t('amount'), cell: (w) => wld(w.amount), className: 'whitespace-nowrap' },
    { key: 'created', header: t('requested'), cell: (w) => utc(w.createdAt), className: 'whitespace-nowrap' },
  ];
  return base;
}

function Queue({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const t = useTranslations('withdrawals');
  const { page, setPage, filters, setFilter } = usePagedFilters({ address: '', flagged: false });
  const query = useConsoleQuery(api.withdrawalQueue, { page, limit: 20, address: addressFilter(filters.address), flagged: filters.flagged || undefined });
  const columns: Column<QueuedWithdrawal>[] = [
    ...useColumns(),
    { key: 'balance', header: t('balance'), cell: (w) => wld(w.balance), className: 'whitespace-nowrap' },
    { key: 'approvals', header: t('approvals'), cell: (w) => `${w.approvals.length}/${w.approvalsNeeded}` },
    { key: 'flags', header: t('flagsTitle'), cell: (w) => <Flags flags={w.flags} /> },
  ];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Field label={t('filterAddress')}>
          <TextInput value={filters.address} onChange={(e) => setFilter('address', e.target.value)} placeholder="0x…" className="w-80 max-w-full" />
        </Field>
        <label className="flex items-center gap-2 pb-1.5 text-sm">
          <input type="checkbox" checked={filters.flagged} onChange={(e) => setFilter('flagged', e.target.checked)} />
          {t('flaggedOnly')}
        </label>
      </div>
      <PagedTable
        query={query}
        onPage={setPage}
        columns={besideDetail(columns, selected)}
        rowKey={(w) => w.id}
        onRow={(w) => onSelect(w.id)}
        selected={selected ?? undefined}
      />
    </>
  );
}

function History({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const t = useTranslations('withdrawals');
  const { page, setPage, filters, setFilter } = usePagedFilters({ status: '' as '' | (typeof WITHDRAWAL_STATUSES)[number], address: '', from: '', to: '' });
  const { status, from, to } = filters;
  const query = useConsoleQuery(api.withdrawalHistory, {
    page,
    limit: 20,
    status: status || undefined,
    address: addressFilter(filters.address),
    from: from ? `${from}T00:00:00Z` : undefined,
    to: to ? `${to}T23:59:59Z` : undefined,
  });
  const columns: Column<Withdrawal>[] = [
    ...useColumns(),
    { key: 'status', header: t('status'), cell: (w) => <StatusBadge status={w.status} /> },
    { key: 'payout', header: t('payout'), cell: (w) => <PayoutProgress payout={w.payout} compact /> },
    { key: 'reason', header: t('reason'), cell: (w) => w.reason || '—' },
  ];
  return (
    <>
      <div className="mb-3 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <Field label={t('status')}>
          <Select value={status} onChange={(e) => setFilter('status', e.target.value as typeof status)}>
            <option value="">{t('anyStatus')}</option>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filterAddress')}>
          <TextInput value={filters.address} onChange={(e) => setFilter('address', e.target.value)} placeholder="0x…" className="sm:w-80" />
        </Field>
        <Field label={t('from')}>
          <TextInput type="date" value={from} onChange={(e) => setFilter('from', e.target.value)} />
        </Field>
        <Field label={t('to')}>
          <TextInput type="date" value={to} onChange={(e) => setFilter('to', e.target.value)} />
        </Field>
      </div>
      <PagedTable
        query={query}
        onPage={setPage}
        columns={besideDetail(columns, selected)}
        rowKey={(w) => w.id}
        onRow={(w) => onSelect(w.id)}
        selected={selected ?? undefined}
      />
    </>
  );
}
