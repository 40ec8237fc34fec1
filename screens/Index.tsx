'use client';
import { useTranslations } from 'next-intl';
import { Link } from 'react-router';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import type { ScreenProps } from './registry';

export default function Index({ route }: ScreenProps) {
  const t = useTranslations();
  return (
    <ScreenFrame title={t(route.title)} showTitle={false}>
      <div data-screen="Index" className="space-y-4">
        <section className="rounded-2xl bg-gradient-to-br from-gold/25 via-ink-card to-ink-card p-5 ring-1 ring-gold/20">
          <p className="text-lg font-bold text-white">{t('app.name')}</p>
          <p className="mt-1 text-sm text-haze">{t('app.tagline')}</p>
        </section>
        <section className="flex items-center gap-3 rounded-2xl bg-ink-card px-4 py-3 text-sm ring-1 ring-ink-line">
          <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-gold" fill="none" stroke="currentColor" strokeWidth="1.8"><path d="M4 10v4h3l6 4V6L7 10H4zM16 9a4 4 0 010 6" /></svg>
          <span className="text-haze">{t('common.noAnnouncements')}</span>
        </section>
        <EmptyState />
        <Link to="/share" className="block rounded-2xl bg-ink-card px-4 py-4 text-sm font-semibold text-white ring-1 ring-ink-line">
          {t('screens.share')} <span className="float-right text-haze">›</span>
        </Link>
      </div>
    </ScreenFrame>
  );
}
