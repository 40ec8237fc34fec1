'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { LedgerEntry, MailRow, MemberRow, TeamRow } from '../../lib/console-api/replies';
import { utc, wld } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { useSession } from '../lib/session';
import { Badge, Button, Card, ErrorBox, Facts, Field, Mono, QueryState, Tabs, TextInput } from '../ui/kit';
import { type Column, PagedTable, Table, usePagedFilters } from '../ui/Table';
import { useToast } from '../ui/Toast';
import { EntryType } from '../ui/EntryType';

/** Find a member by address; their balances, stakes, ledger, team over three generations, mail and applications. */
export function Members() {
  const t = useTranslations('members');
  const { page, setPage, filters, setFilter } = usePagedFilters({ search: '' });
  const [selected, setSelected] = useState<string | null>(null);
  const query = useConsoleQuery(api.members, { page, limit: 20, address: filters.search.trim() || undefined });
  const columns: Column<MemberRow>[] = [
    { key: 'address', header: t('address'), cell: (m) => <Mono>{m.address}</Mono> },
    { key: 'balance', header: t('balance'), cell: (m) => wld(m.balance), className: 'whitespace-nowrap' },
    { key: 'registered', header: t('registered'), cell: (m) => utc(m.registeredAt), className: 'whitespace-nowrap' },
    { key: 'founder', header: t('founder'), cell: (m) => (m.founder ? <Badge tone="indigo">{t('founder')}</Badge> : '') },
  ];
  return (
    <div className="space-y-4">
      <Card title={t('title')}>
        <div className="mb-3 max-w-xl">
          <Field label={t('find')} hint={t('findHint')}>
            <TextInput name="member-search" value={filters.search} onChange={(e) => setFilter('search', e.target.value)} placeholder="0x…" />
          </Field>
        </div>
        <PagedTable
          query={query}
          onPage={setPage}
          columns={columns}
          rowKey={(m) => m.address}
          onRow={(m) => setSelected(m.address)}
          selected={selected ?? undefined}
        />
      </Card>
      {selected && <Member address={selected} onClose={() => setSelected(null)} />}
      <AddRoot />
    </div>
  );
}

function Member({ address, onClose }: { address: string; onClose: () => void }) {
  const t = useTranslations('members');
  const tc = useTranslations('common');
  const toast = useToast();
  const [tab, setTab] = useState<'stakes' | 'ledger' | 'team' | 'mail' | 'applications'>('stakes');
  const query = useConsoleQuery(api.member, { address });
  const founder = useConsoleMutation(api.setFounder, [api.member, api.members, api.founders], (m) =>
    toast(m.founder ? t('markedFounder') : t('unmarkedFounder')),
  );
  return (
    <Card
      title={t('member')}
      actions={
        <Button tone="plain" onClick={onClose}>
          {tc('close')}
        </Button>
      }
    >
      <QueryState query={query}>
        {(m) => (
          <div className="space-y-4" data-member={m.address}>
            <Facts
              items={[
                [t('address'), <Mono key="a">{m.address}</Mono>],
                [t('balance'), <strong key="b">{wld(m.balance)}</strong>],
                [t('inviter'), <Mono key="i">{m.inviter ?? '—'}</Mono>],
                [t('registered'), utc(m.registeredAt)],
                [t('email'), m.email ?? '—'],
                [t('levelRank'), `${m.level} / ${m.rank}`],
                [t('team'), t('teamCounts', { g1: m.team.generation1, g2: m.team.generation2, g3: m.team.generation3 })],
                [t('founder'), m.founder ? tc('yes') : tc('no')],
              ]}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                tone={m.founder ? 'plain' : 'primary'}
                disabled={founder.isPending}
                onClick={() => founder.mutate({ address: m.address, founder: !m.founder })}
              >
                {m.founder ? t('unmarkFounder') : t('markFounder')}
              </Button>
            </div>
            {founder.error && <ErrorBox error={founder.error} />}
            <Tabs
              value={tab}
              onChange={setTab}
              options={(['stakes', 'ledger', 'team', 'mail', 'applications'] as const).map((id) => ({ id, label: t(`tabs.${id}`) }))}
            />
            {tab === 'stakes' && (
              <Table
                columns={[
                  { key: 'amount', header: t('amount'), cell: (s) => wld(s.amount) },
                  { key: 'days', header: t('days'), cell: (s) => s.days },
                  { key: 'status', header: t('status'), cell: (s) => tc(`stakeStatuses.${s.status}`) },
                  { key: 'start', header: t('started'), cell: (s) => utc(s.startedAt) },
                  { key: 'end', header: t('ends'), cell: (s) => utc(s.endsAt) },
                ]}
                rows={m.stakes}
                rowKey={(s) => s.id}
              />
            )}
            {tab === 'applications' && (
              <Table
                columns={[
                  { key: 'id', header: '#', cell: (a) => a.id },
                  { key: 'place', header: t('place'), cell: (a) => `${a.province} ${a.city}` },
                  { key: 'status', header: t('status'), cell: (a) => a.status },
                  { key: 'at', header: t('date'), cell: (a) => utc(a.createdAt) },
                ]}
                rows={m.applications}
                rowKey={(a) => a.id}
              />
            )}
            {tab === 'ledger' && <Ledger address={m.address} />}
            {tab === 'team' && <Team address={m.address} />}
            {tab === 'mail' && <MemberMail address={m.address} />}
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function Ledger({ address }: { address: string }) {
  const t = useTranslations('members');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(api.memberLedger, { address, page, limit: 20 });
  const columns: Column<LedgerEntry>[] = [
    { key: 'type', header: t('type'), cell: (e) => <EntryType type={e.type} /> },
    { key: 'amount', header: t('amount'), cell: (e) => wld(e.amount) },
    { key: 'at', header: t('date'), cell: (e) => utc(e.at) },
  ];
  return <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(e) => e.id} />;
}

function Team({ address }: { address: string }) {
  const t = useTranslations('members');
  const { page, setPage, filters, setFilter } = usePagedFilters({ generation: 1 as 1 | 2 | 3 });
  const { generation } = filters;
  const query = useConsoleQuery(api.memberTeam, { address, page, limit: 20, generation });
  const columns: Column<TeamRow>[] = [
    { key: 'address', header: t('address'), cell: (r) => <Mono>{r.address}</Mono> },
    { key: 'staked', header: t('staked'), cell: (r) => wld(r.staked) },
    { key: 'at', header: t('registered'), cell: (r) => utc(r.registeredAt) },
  ];
  return (
    <>
      <div className="mb-2 flex gap-2">
        {([1, 2, 3] as const).map((g) => (
          <Button key={g} tone={g === generation ? 'primary' : 'plain'} onClick={() => setFilter('generation', g)}>
            {t('generation', { n: g })}
          </Button>
        ))}
      </div>
      <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(r) => r.address} />
    </>
  );
}

function MemberMail({ address }: { address: string }) {
  const t = useTranslations('members');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(api.memberMail, { address, page, limit: 20 });
  const columns: Column<MailRow>[] = [
    { key: 'title', header: t('subject'), cell: (m) => m.title },
    { key: 'status', header: t('status'), cell: (m) => m.status },
    { key: 'at', header: t('date'), cell: (m) => utc(m.createdAt) },
  ];
  return <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(m) => m.id} />;
}

/** A top-level member without an inviter (the CLI's root.add); admin only, so shown to admins only. */
function AddRoot() {
  const t = useTranslations('members');
  const toast = useToast();
  const { operator } = useSession();
  const [address, setAddress] = useState('');
  const add = useConsoleMutation(api.addRoot, [api.members], () => {
    toast(t('rootAdded'));
    setAddress('');
  });
  if (!operator?.roles.includes('admin')) return null;
  return (
    <Card title={t('addRoot')}>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ address: address.trim() });
        }}
      >
        <Field label={t('address')}>
          <TextInput name="root-address" value={address} onChange={(e) => setAddress(e.target.value)} placeholder="0x…" className="w-96 max-w-full" />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {t('addRootButton')}
        </Button>
      </form>
      {add.error && (
        <div className="mt-3">
          <ErrorBox error={add.error} />
        </div>
      )}
    </Card>
  );
}
