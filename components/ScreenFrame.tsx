'use client';
import { useTranslations } from 'next-intl';

/** The body of a screen: its title (for non-back pages) and content, at mobile width. */
export function ScreenFrame({ title, showTitle = true, children }: { title: string; showTitle?: boolean; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-app px-4 pb-16 pt-2">
      {showTitle && <h1 className="mb-4 text-xl font-bold text-fg">{title}</h1>}
      {children}
    </main>
  );
}

/**
 * An honest empty state: nothing to show yet, and no pretend data. The body is the generic 'fills in later' unless
 * given, and none with `body={null}` (a not-found screen: nothing will fill in).
 */
export function EmptyState({ title, body, action }: { title?: string; body?: string | null; action?: React.ReactNode }) {
  const t = useTranslations('common');
  return (
    <div data-testid="empty-state" className="flex flex-col items-center rounded-2xl bg-ink-card/60 px-6 py-12 text-center ring-1 ring-ink-line">
      <svg viewBox="0 0 48 48" className="mb-4 h-12 w-12 text-haze/60" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="8" y="12" width="32" height="26" rx="4" />
        <path d="M8 20h32M18 28h12" />
      </svg>
      <p className="text-sm font-semibold text-fg">{title ?? t('emptyTitle')}</p>
      {body !== null && <p className="mt-1 text-xs text-haze">{body ?? t('emptyBody')}</p>}
      {action}
    </div>
  );
}

/** A screen's content while its read is on the way. */
export function LoadingState() {
  const t = useTranslations('common');
  return <p className="py-8 text-center text-xs text-haze">{t('loading')}</p>;
}

/** A read that failed (the request already showed why in a toast): say so and offer to try again. */
export function ErrorState({ onRetry }: { onRetry: () => unknown }) {
  const t = useTranslations('common');
  return (
    <div data-testid="error-state" role="alert" className="flex flex-col items-center rounded-2xl bg-ink-card/60 px-6 py-10 text-center ring-1 ring-ink-line">
      <p className="text-sm font-semibold text-fg">{t('loadFailed')}</p>
      <button data-testid="retry" onClick={() => void onRetry()} className="mt-4 rounded-xl bg-gold px-6 py-2 text-sm font-semibold text-on-gold">
        {t('retry')}
      </button>
    </div>
  );
}
