'use client';
import { useTranslations } from 'next-intl';
import { errorText } from '../lib/api';
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The console's small building blocks: buttons, fields, cards, and the loading, empty and error states. */
export function Button({ tone = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'primary' | 'plain' | 'danger' }) {
  const tones = {
    primary: 'bg-indigo-600 text-white hover:bg-indigo-500 disabled:bg-indigo-300',
    plain: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
    danger: 'bg-rose-600 text-white hover:bg-rose-500 disabled:bg-rose-300',
  };
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium shadow-sm disabled:cursor-not-allowed ${tones[tone]} ${className}`}
    />
  );
}

export function Card({ title, actions, children, className = '' }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>
      {(title || actions) && (
        <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-3">
          {title && <h2 className="text-sm font-semibold text-slate-900">{title}</h2>}
          <div className="ml-auto flex flex-wrap gap-2">{actions}</div>
        </header>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}

export function Field({ label, children, hint }: { label: ReactNode; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      {children}
      {hint && <span className="text-xs text-slate-500">{hint}</span>}
    </label>
  );
}

const inputClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500';
export const TextInput = (props: InputHTMLAttributes<HTMLInputElement>) => <input {...props} className={`${inputClass} ${props.className ?? ''}`} />;
export const TextArea = (props: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea rows={4} {...props} className={`${inputClass} ${props.className ?? ''}`} />
);
export const Select = (props: SelectHTMLAttributes<HTMLSelectElement>) => <select {...props} className={`${inputClass} ${props.className ?? ''}`} />;

export function Badge({ tone = 'slate', children }: { tone?: 'slate' | 'green' | 'amber' | 'red' | 'indigo'; children: ReactNode }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700',
    green: 'bg-emerald-100 text-emerald-800',
    amber: 'bg-amber-100 text-amber-800',
    red: 'bg-rose-100 text-rose-800',
    indigo: 'bg-indigo-100 text-indigo-800',
  };
  return <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

export function Loading() {
  const t = useTranslations('common');
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-500">
      {t('loading')}
    </p>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const t = useTranslations('common');
  return <p className="py-8 text-center text-sm text-slate-500">{children ?? t('empty')}</p>;
}

/** A failed call: the server's own message (localised by it), and a retry. */
export function ErrorBox({ error, retry }: { error: Error | null; retry?: () => void }) {
  const t = useTranslations('common');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800">
      <span>{error ? errorText(error) : t('failed')}</span>
      {retry && (
        <Button tone="plain" onClick={retry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

/** Loading, error, empty or the content, for one query. */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  empty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || query.data === undefined) return <ErrorBox error={query.error} retry={() => void query.refetch()} />;
  if (empty?.(query.data)) return <Empty />;
  return <>{children(query.data)}</>;
}

/** Addresses and hashes: a short form stays on one line, a full one may break anywhere. */
export function Mono({ children }: { children: ReactNode }) {
  const long = typeof children !== 'string' || children.length > 16;
  return <span className={`font-mono text-xs ${long ? 'break-all' : 'whitespace-nowrap'}`}>{children}</span>;
}

/** A row of tabs (aria: tablist); the panel below is the caller's. */
export function Tabs<T extends string>({ value, onChange, options }: { value: T; onChange: (value: T) => void; options: { id: T; label: ReactNode }[] }) {
  return (
    <div role="tablist" className="mb-3 flex flex-wrap gap-1 border-b border-slate-200">
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          role="tab"
          aria-selected={o.id === value}
          onClick={() => onChange(o.id)}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${o.id === value ? 'border-indigo-600 font-semibold text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** Label/value pairs, two columns on wide screens. */
export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      {items.map(([k, v], i) => (
        <div key={i} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="min-w-0 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
