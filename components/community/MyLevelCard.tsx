'use client';
import { useTranslations } from 'next-intl';
import { endpoints } from '@/lib/api/contract';
import { useApiQuery } from '../api/useApiQuery';
import { ErrorState } from '../ScreenFrame';
import { MemberBadges } from './MemberBadges';

/** The member's own standing: the membership label of spec section 3, the community rank, V level and stars. */
export function MyLevelCard() {
  const t = useTranslations('community');
  const info = useApiQuery(endpoints.getUserInfo, {});
  if (info.isError && !info.data) return <ErrorState onRetry={info.refetch} />;
  return (
    <section data-testid="my-level" className="rounded-2xl bg-gradient-to-br from-gold/25 via-ink-card to-ink-card p-5 ring-1 ring-gold/20">
      <p className="mb-2 text-xs text-haze">{t('myLevel')}</p>
      {info.data ? <MemberBadges info={info.data} size="lg" /> : <p className="h-8 animate-pulse text-2xl font-bold text-fg">—</p>}
    </section>
  );
}
