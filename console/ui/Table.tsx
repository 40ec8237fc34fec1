'use client';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { pageCount } from '../lib/format';
import { Button, Empty, QueryState } from './kit';

export type Column<T> = { key: string; header: ReactNode; cell: (row: T) => ReactNode; className?: string };

type TableProps<T> = { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; onRow?: (row: T) => void; selected?: string };

/** A table on wide screens; on a phone each row becomes a card of label/value pairs. */
export function Table<T>({ columns, rows, rowKey, onRow, selected }: TableProps<T>) {
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
              <tr
                key={rowKey(row)}
                data-row={rowKey(row)}
                onClick={onRow && (() => onRow(row))}
                className={`${onRow ? 'cursor-pointer hover:bg-slate-50' : ''} ${selected === rowKey(row) ? 'bg-indigo-50' : ''}`}
              >
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
          <li
            key={rowKey(row)}
            data-row={rowKey(row)}
            onClick={onRow && (() => onRow(row))}
            className={`rounded-md border border-slate-200 p-3 text-sm ${selected === rowKey(row) ? 'border-indigo-400 bg-indigo-50' : 'bg-white'}`}
          >
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

type Paged<T> = { items: T[]; page: number; total: number; limit: number };
type PageQuery<T> = { isPending: boolean; isError: boolean; error: Error | null; data: Paged<T> | undefined; refetch: () => unknown };

/** A list the server pages: loading and error states, the table of the page's rows, and the pager. */
export function PagedTable<T>({ query, onPage, ...table }: { query: PageQuery<T>; onPage: (page: number) => void } & Omit<TableProps<T>, 'rows'>) {
  return (
    <QueryState query={query}>
      {(p) => (
        <>
          <Table {...table} rows={p.items} />
          <Pager page={p.page} pageCount={pageCount(p)} onPage={onPage} />
        </>
      )}
    </QueryState>
  );
}

/** A paged list's page and filters: changing a filter goes back to the first page. */
export function usePagedFilters<F extends object>(initial: F) {
  const [{ page, filters }, set] = useState({ page: 1, filters: initial });
  return {
    page,
    filters,
    setPage: (next: number) => set((s) => ({ ...s, page: next })),
    setFilter: <K extends keyof F>(key: K, value: F[K]) => set((s) => ({ page: 1, filters: { ...s.filters, [key]: value } })),
  };
}
