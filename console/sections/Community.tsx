'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ADDRESS_FORMS } from '../../lib/address-text';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { ApplicationRow, Founder, UnmatchedPayment } from '../../lib/console-api/replies';
import { short, utc, wld } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { ReasonDialog } from '../ui/Dialogs';
import { Badge, Button, Card, ErrorBox, Facts, Mono, QueryState, Tabs } from '../ui/kit';
import { type Column, PagedTable, Table } from '../ui/Table';
import { useToast } from '../ui/Toast';

type Tab = 'pending' | 'approved' | 'rejected' | 'founders' | 'unmatched';

/** Applications to found a community (photos, place, the fee's payment checked on chain, the ERC20 address), founders. */
export function Community() {
  const t = useTranslations('community');
  const [tab, setTab] = useState<Tab>('pending');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
      <Card title={t('title')}>
        <Tabs
          value={tab}
          onChange={(v) => {
            setTab(v);
            setSelected(null);
          }}
          options={(['pending', 'approved', 'rejected', 'founders', 'unmatched'] as const).map((id) => ({ id, label: t(`tabs.${id}`) }))}
        />
        {tab === 'founders' ? <Founders /> : tab === 'unmatched' ? <Unmatched /> : <Applications status={tab} selected={selected} onSelect={setSelected} />}
      </Card>
      {selected && <ApplicationDetail id={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

function Applications({
  status,
  selected,
  onSelect,
}: {
  status: 'pending' | 'approved' | 'rejected';
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations('community');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(api.applications, { page, limit: 20, status });
  const columns: Column<ApplicationRow>[] = [
    { key: 'id', header: '#', cell: (a) => a.id },
    { key: 'address', header: t('applicant'), cell: (a) => <Mono>{short(a.address)}</Mono> },
    { key: 'place', header: t('place'), cell: (a) => `${a.province} ${a.city}` },
    { key: 'at', header: t('applied'), cell: (a) => utc(a.createdAt), className: 'whitespace-nowrap' },
    { key: 'reason', header: t('reason'), cell: (a) => a.reason ?? '—' },
  ];
  return <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(a) => a.id} onRow={(a) => onSelect(a.id)} selected={selected ?? undefined} />;
}

function ApplicationDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useTranslations('community');
  const tc = useTranslations('common');
  const toast = useToast();
  const query = useConsoleQuery(api.applicationDetail, { id });
  const [rejecting, setRejecting] = useState(false);
  const lists = [api.applications, api.applicationDetail, api.founders];
  const approve = useConsoleMutation(api.approveApplication, lists, () => toast(t('approvedToast')));
  const reject = useConsoleMutation(api.rejectApplication, lists, () => toast(t('rejectedToast')));
  return (
    <Card
      title={t('detail', { id })}
      actions={
        <Button tone="plain" onClick={onClose}>
          {tc('close')}
        </Button>
      }
      className="self-start"
    >
      <QueryState query={query}>
        {(a) => (
          <div className="space-y-4">
            <Facts
              items={[
                [t('applicant'), <Mono key="a">{a.address}</Mono>],
                [t('place'), `${a.province} ${a.city}`],
                [t('token'), <Mono key="t">{a.communityToken}</Mono>],
                [t('status'), t(`tabs.${a.status}`)],
              ]}
            />
            <div className="grid grid-cols-3 gap-2">
              {a.photoUrls.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  {/* Photos are served on this origin with the session cookie (img-src 'self'). */}
                  <img src={url} alt={t('photo', { n: i + 1 })} className="aspect-square w-full rounded-md border border-slate-200 object-cover" />
                </a>
              ))}
            </div>
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase text-slate-500">{t('payment')}</h3>
              <Facts
                items={[
                  [t('tx'), <Mono key="tx">{a.payment.txHash}</Mono>],
                  [t('amount'), wld(a.payment.amount)],
                  [t('from'), <Mono key="f">{short(a.payment.from)}</Mono>],
                  [t('to'), <Mono key="to">{short(a.payment.to)}</Mono>],
                  [t('confirmations'), a.payment.confirmations ?? '—'],
                  [
                    t('verified'),
                    a.payment.verified ? (
                      <Badge key="v" tone="green">
                        {t('onChain')}
                      </Badge>
                    ) : (
                      <Badge key="v" tone="red">
                        {a.payment.problem ?? t('notVerified')}
                      </Badge>
                    ),
                  ],
                ]}
              />
            </div>
            {a.status === 'pending' && (
              <div className="flex gap-2 border-t border-slate-100 pt-3">
                <Button disabled={approve.isPending} onClick={() => approve.mutate({ id: a.id })}>
                  {t('approve')}
                </Button>
                <Button tone="danger" onClick={() => setRejecting(true)}>
                  {t('reject')}
                </Button>
              </div>
            )}
            {approve.error && <ErrorBox error={approve.error} />}
            <ReasonDialog
              open={rejecting}
              onClose={() => setRejecting(false)}
              title={t('rejectTitle', { id: a.id })}
              confirmLabel={t('reject')}
              onSubmit={(reason) => reject.mutateAsync({ id: a.id, reason })}
            />
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function Founders() {
  const t = useTranslations('community');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(api.founders, { page, limit: 20 });
  const columns: Column<Founder>[] = [
    { key: 'address', header: t('founder'), cell: (f) => <Mono>{f.address}</Mono> },
    { key: 'since', header: t('since'), cell: (f) => utc(f.since) },
  ];
  return <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(f) => f.address} />;
}

function Unmatched() {
  const t = useTranslations('community');
  const query = useConsoleQuery(api.unmatchedPayments, {});
  const columns: Column<UnmatchedPayment>[] = [
    { key: 'tx', header: t('tx'), cell: (p) => <Mono>{short(p.txHash, ADDRESS_FORMS.hash)}</Mono> },
    { key: 'from', header: t('from'), cell: (p) => <Mono>{short(p.from)}</Mono> },
    { key: 'amount', header: t('amount'), cell: (p) => wld(p.amount) },
    { key: 'block', header: t('block'), cell: (p) => p.block },
  ];
  return (
    <>
      <p className="mb-2 text-xs text-slate-500">{t('unmatchedHint')}</p>
      <QueryState query={query}>{(rows) => <Table columns={columns} rows={rows} rowKey={(p) => p.txHash} />}</QueryState>
    </>
  );
}
