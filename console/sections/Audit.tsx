'use client';
import { useTranslations } from 'next-intl';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { AuditRow } from '../../lib/console-api/replies';
import { short, utc } from '../lib/format';
import { useConsoleQuery } from '../lib/queries';
import { Card, Field, Mono, TextInput } from '../ui/kit';
import { type Column, PagedTable, usePagedFilters } from '../ui/Table';
import { addressFilter } from '../lib/filters';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** Every operator action (who, what, when, before → after). Read only: the console offers no edit. */
export function Audit() {
  const t = useTranslations('audit');
  const { page, setPage, filters, setFilter } = usePagedFilters({ operator: '', action: '', target: '' });
  const { operator, action, target } = filters;
  const query = useConsoleQuery(api.audit, {
    page,
    limit: 25,
    operator: addressFilter(operator),
    action: action.trim() || undefined,
    target: target.trim() || undefined,
  });
  const columns: Column<AuditRow>[] = [
    { key: 'at', header: t('at'), cell: (r) => utc(r.at), className: 'whitespace-nowrap' },
    { key: 'operator', header: t('operator'), cell: (r) => <Mono>{r.operator ? short(r.operator) : t('cli')}</Mono> },
    {
      key: 'action',
      header: t('action'),
      cell: (r) => (
        <span className="font-mono text-xs" data-action={r.action}>
          {r.action}
        </span>
      ),
    },
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
          <TextInput value={operator} onChange={(e) => setFilter('operator', e.target.value)} placeholder="0x…" />
        </Field>
        <Field label={t('action')}>
          <TextInput value={action} onChange={(e) => setFilter('action', e.target.value)} placeholder="withdrawal.approve" />
        </Field>
        <Field label={t('target')}>
          <TextInput value={target} onChange={(e) => setFilter('target', e.target.value)} />
        </Field>
      </div>
      <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(r) => r.id} />
    </Card>
  );
}
