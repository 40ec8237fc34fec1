'use client';
import { useTranslations } from 'next-intl';
import { useLocation } from 'wouter';
import type { Notice } from '@/lib/api/replies';
import { useIdleCarousel } from './useIdleCarousel';

const TICKER_OPTIONS = { axis: 'y', loop: true, watchDrag: false } as const;

/** One line of the latest announcements, scrolling up every 3 s; a tap opens Notice. */
export function NoticeTicker({ notices, loading }: { notices: Notice[]; loading: boolean }) {
  const t = useTranslations('common');
  const [, navigate] = useLocation();
  const { ref, runner } = useIdleCarousel(TICKER_OPTIONS, !loading && notices.length > 0);
  return (
    <button
      data-testid="notice-ticker"
      onClick={() => navigate('/notice')}
      className="flex w-full items-center gap-3 rounded-2xl bg-ink-card px-4 py-3 text-left text-sm ring-1 ring-ink-line"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-gold" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M4 10v4h3l6 4V6L7 10H4zM16 9a4 4 0 010 6" />
      </svg>
      {loading ? (
        <span aria-hidden className="h-4 flex-1 animate-pulse rounded bg-fg/5" />
      ) : notices.length === 0 ? (
        <span className="text-haze">{t('noAnnouncements')}</span>
      ) : (
        <div className="h-5 flex-1 overflow-hidden" ref={ref}>
          <div className="flex h-5 flex-col">
            {notices.map((n) => (
              <p key={n.id} className="h-5 min-h-0 shrink-0 grow-0 basis-full truncate text-fg">
                {n.title}
              </p>
            ))}
          </div>
          {runner}
        </div>
      )}
    </button>
  );
}
