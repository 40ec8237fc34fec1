'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button, Empty } from './kit';

export type Column<T> = { key: string; header: ReactNode; cell: (row: T) => ReactNode; className?: string };

/** A table on wide screens; on a phone each row becomes a card of label/value pairs. */
export function Table<T>({ columns, rows, rowKey, onRow, selected }: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; onRow?: (row: T) => void; selected?: string }) {
  if (rows.length === 0) return <Empty />;
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={`px-3 py-2 font-medium ${c.className ?? ''}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-row={rowKey(row)} onClick={onRow && (() => onRow(row))} className={`${onRow ? 'cursor-pointer hover:bg-slate-50' : ''} ${selected === rowKey(row) ? 'bg-indigo-50' : ''}`}>
                {columns.map((c) => (
                  <td key={c.key} className={`px-3 py-2 align-top ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-2 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} data-row={rowKey(row)} onClick={onRow && (() => onRow(row))} className={`rounded-md border border-slate-200 p-3 text-sm ${selected === rowKey(row) ? 'border-indigo-400 bg-indigo-50' : 'bg-white'}`}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-xs text-slate-500">{c.header}</dt>
                  <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Pages kept by the server: previous/next and where we are. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const t = useTranslations('common');
  if (pageCount <= 1) return null;
  return (
    <nav className="mt-3 flex items-center justify-end gap-2 text-sm" aria-label={t('pages')}>
      <Button tone="plain" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span className="text-slate-600">{t('pageOf', { page, pages: pageCount })}</span>
      <Button tone="plain" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}
