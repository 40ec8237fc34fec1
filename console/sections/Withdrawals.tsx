'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import { WITHDRAWAL_STATUS_LIST as WITHDRAWAL_STATUSES } from '../lib/constants';
import type { QueuedWithdrawal, Withdrawal } from '../../lib/console-api/replies';
import { pageCount, short, utc, wld } from '../lib/format';
import { useConsoleQuery } from '../lib/queries';
import { Card, Field, Mono, QueryState, Select, Tabs, TextInput } from '../ui/kit';
import { type Column, Pager, Table } from '../ui/Table';
import { WithdrawalDetail } from './WithdrawalDetail';
import { Flags, PayoutProgress, StatusBadge } from './withdrawal-parts';

type Tab = 'queue' | 'history';
const isAddress = (v: string) => /^0x[0-9a-fA-F]{40}$/.test(v.trim());

/** The queue under review (with flags and the member's balance) and the decided history, both paged by the server. */
export function Withdrawals() {
  const t = useTranslations('withdrawals');
  const [tab, setTab] = useState<Tab>('queue');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
      <Card title={t('title')}>
        <Tabs value={tab} onChange={(v) => { setTab(v); setSelected(null); }} options={[{ id: 'queue', label: t('queue') }, { id: 'history', label: t('history') }]} />
        {tab === 'queue' ? <Queue selected={selected} onSelect={setSelected} /> : <History selected={selected} onSelect={setSelected} />}
      </Card>
      {selected && <WithdrawalDetail id={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

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
  const [page, setPage] = useState(1);
  const [address, setAddress] = useState('');
  const [flagged, setFlagged] = useState(false);
  const query = useConsoleQuery(api.withdrawalQueue, { page, limit: 20, address: isAddress(address) ? address.trim() : undefined, flagged: flagged || undefined });
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
          <TextInput value={address} onChange={(e) => { setAddress(e.target.value); setPage(1); }} placeholder="0x…" className="w-80 max-w-full" />
        </Field>
        <label className="flex items-center gap-2 pb-1.5 text-sm">
          <input type="checkbox" checked={flagged} onChange={(e) => { setFlagged(e.target.checked); setPage(1); }} />
          {t('flaggedOnly')}
        </label>
      </div>
      <QueryState query={query}>
        {(p) => (
          <>
            <Table columns={columns} rows={p.items} rowKey={(w) => w.id} onRow={(w) => onSelect(w.id)} selected={selected ?? undefined} />
            <Pager page={p.page} pageCount={pageCount(p)} onPage={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}

function History({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const t = useTranslations('withdrawals');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | (typeof WITHDRAWAL_STATUSES)[number]>('');
  const [address, setAddress] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = useConsoleQuery(api.withdrawalHistory, {
    page,
    limit: 20,
    status: status || undefined,
    address: isAddress(address) ? address.trim() : undefined,
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
          <Select value={status} onChange={(e) => { setStatus(e.target.value as typeof status); setPage(1); }}>
            <option value="">{t('anyStatus')}</option>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filterAddress')}>
          <TextInput value={address} onChange={(e) => { setAddress(e.target.value); setPage(1); }} placeholder="0x…" className="sm:w-80" />
        </Field>
        <Field label={t('from')}>
          <TextInput type="date" value={from} onChange={(e) => { setFrom(e.target.value); setPage(1); }} />
        </Field>
        <Field label={t('to')}>
          <TextInput type="date" value={to} onChange={(e) => { setTo(e.target.value); setPage(1); }} />
        </Field>
      </div>
      <QueryState query={query}>
        {(p) => (
          <>
            <Table columns={columns} rows={p.items} rowKey={(w) => w.id} onRow={(w) => onSelect(w.id)} selected={selected ?? undefined} />
            <Pager page={p.page} pageCount={pageCount(p)} onPage={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
