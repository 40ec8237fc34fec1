'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { AuditRow } from '../../lib/console-api/replies';
import { pageCount, short, utc } from '../lib/format';
import { useConsoleQuery } from '../lib/queries';
import { Card, Field, Mono, QueryState, TextInput } from '../ui/kit';
import { type Column, Pager, Table } from '../ui/Table';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** Every operator action (who, what, when, before → after). Read only: the console offers no edit. */
export function Audit() {
  const t = useTranslations('audit');
  const [page, setPage] = useState(1);
  const [operator, setOperator] = useState('');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const query = useConsoleQuery(api.audit, {
    page,
    limit: 25,
    operator: /^0x[0-9a-fA-F]{40}$/.test(operator.trim()) ? operator.trim() : undefined,
    action: action.trim() || undefined,
    target: target.trim() || undefined,
  });
  const columns: Column<AuditRow>[] = [
    { key: 'at', header: t('at'), cell: (r) => utc(r.at), className: 'whitespace-nowrap' },
    { key: 'operator', header: t('operator'), cell: (r) => <Mono>{r.operator ? short(r.operator) : t('cli')}</Mono> },
    { key: 'action', header: t('action'), cell: (r) => <span className="font-mono text-xs" data-action={r.action}>{r.action}</span> },
    { key: 'target', header: t('target'), cell: (r) => <span className="break-all text-xs">{r.target ?? '—'}</span> },
    {
      key: 'change',
      header: t('change'),
      cell: (r) => (
        <span className="block max-w-md break-all font-mono text-xs text-slate-600">
          {json(r.before)} → {json(r.after)}
        </span>
      ),
    },
  ];
  return (
    <Card title={t('title')}>
      <p className="mb-3 text-xs text-slate-500">{t('readOnly')}</p>
      <div className="mb-3 grid gap-3 sm:grid-cols-3">
        <Field label={t('operator')}>
          <TextInput value={operator} onChange={(e) => { setOperator(e.target.value); setPage(1); }} placeholder="0x…" />
        </Field>
        <Field label={t('action')}>
          <TextInput value={action} onChange={(e) => { setAction(e.target.value); setPage(1); }} placeholder="withdrawal.approve" />
        </Field>
        <Field label={t('target')}>
          <TextInput value={target} onChange={(e) => { setTarget(e.target.value); setPage(1); }} />
        </Field>
      </div>
      <QueryState query={query}>
        {(p) => (
          <>
            <Table columns={columns} rows={p.items} rowKey={(r) => r.id} />
            <Pager page={p.page} pageCount={pageCount(p)} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Card>
  );
}
