'use client';
import { useTranslations } from 'next-intl';
import { type UserInfo, memberBadges, memberLevel } from '@/lib/user-info';

const BADGE = 'rounded bg-fg/10 px-2 py-0.5 text-xs text-gold-soft';

/** The membership label (spec section 3's seven) and the badges beside it: community rank, V level, stars. */
export function MemberBadges({ info, size = 'sm' }: { info: UserInfo; size?: 'sm' | 'lg' }) {
  const t = useTranslations('member');
  const badges = memberBadges(info);
  const label = size === 'lg' ? 'px-4 py-1.5 text-sm' : 'px-3 py-1 text-xs';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span data-testid="member-level" className={`inline-block rounded-full bg-gold/15 font-semibold text-gold ${label}`}>
        {t(memberLevel(info))}
      </span>
      {badges.rank && (
        <span data-testid="member-rank" className={BADGE}>
          {t(badges.rank)}
        </span>
      )}
      {badges.vLevel && (
        <span data-testid="member-v-level" className={BADGE}>
          {badges.vLevel}
        </span>
      )}
      {badges.stars > 0 && (
        <span data-testid="member-stars" className={BADGE} aria-label={t('stars', { count: badges.stars })}>
          {'★'.repeat(badges.stars)}
        </span>
      )}
    </div>
  );
}
