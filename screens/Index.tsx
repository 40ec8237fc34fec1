'use client';
import { useTranslations } from 'next-intl';
import { type Ref, Suspense, lazy, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery } from '@/components/api/useApiQuery';
import { BannerCarousel } from '@/components/home/BannerCarousel';
import { HOME_CONTENT } from '@/components/home/content';
import { expiryClosedThisVisit } from '@/components/home/expiry-seen';
import { NoticeTicker } from '@/components/home/NoticeTicker';
import { PullToRefresh } from '@/components/home/PullToRefresh';
import { type StakeChoice, StakingList, StakingListSkeleton } from '@/components/home/StakingList';
import { loadedFirst } from '@/components/loaded-first';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

// Loaded only when a stake has expired: it brings the mutation path the first screen does not need.
const ExpiryDialog = lazy(() => import('@/components/home/ExpiryDialog'));
// The stake sheet loads on the first press of a stake button (pointerdown, before the tap's click); the tap opens
// it once it is in (loadedFirst: no suspended render to reveal).
const stakeSheet = loadedFirst(() => import('@/components/home/StakeConfirmDialog').then((m) => m.StakeConfirmDialog));
const loadStakeSheet = () => void stakeSheet.load();

export default function Index({ route }: ScreenProps) {
  const t = useTranslations();
  const banners = useApiQuery(HOME_CONTENT.banners.endpoint, HOME_CONTENT.banners.input);
  const notices = useApiQuery(HOME_CONTENT.notices.endpoint, HOME_CONTENT.notices.input);
  const levels = useApiQuery(HOME_CONTENT.levels.endpoint, HOME_CONTENT.levels.input);
  const expiry = useApiQuery(endpoints.getInvestExpire, {});
  const sheet = useRef<OpenSheet>(null);
  const openStakeSheet = useCallback((next: StakeChoice) => void stakeSheet.load().then(() => sheet.current?.(next)), []);
  return (
    <PullToRefresh>
      <ScreenFrame title={t(route.title)} showTitle={false}>
        <div data-screen="Index" className="space-y-4">
          <BannerCarousel banners={banners.data ?? []} loading={banners.isLoading} />
          <NoticeTicker notices={notices.data ?? []} loading={notices.isLoading} />
          <h2 className="pt-1 text-base font-semibold text-fg">{t('home.stakingTitle')}</h2>
          {levels.isLoading ? (
            <StakingListSkeleton />
          ) : levels.data && levels.data.list.length > 0 ? (
            <StakingList levels={levels.data.list} onPress={loadStakeSheet} onStake={openStakeSheet} />
          ) : (
            <EmptyState title={t('home.noLevels')} body={t('home.noLevelsHint')} />
          )}
          <Link
            to="/share"
            data-testid="invite-box"
            className="flex items-center justify-between rounded-2xl bg-gradient-to-r from-gold/20 to-ink-card px-4 py-4 ring-1 ring-gold/20"
          >
            <span>
              <span className="block text-sm font-semibold text-fg">{t('screens.share')}</span>
              <span className="block text-xs text-haze">{t('home.inviteHint')}</span>
            </span>
            <span className="text-gold">›</span>
          </Link>
        </div>
      </ScreenFrame>
      <StakeSheet opener={sheet} agreement={levels.data?.agreement ?? ''} />
      {expiry.data?.have_expire === 1 && !expiryClosedThisVisit(expiry.data.pledge_id) && (
        <Suspense fallback={null}>
          <ExpiryDialog key={expiry.data.pledge_id} expiry={expiry.data} />
        </Suspense>
      )}
    </PullToRefresh>
  );
}

type OpenSheet = (choice: StakeChoice) => void;

/**
 * The stake sheet, with the choice it shows as its own state: opening it renders the sheet alone, not Home with
 * its banners, notices and levels.
 */
function StakeSheet({ opener, agreement }: { opener: Ref<OpenSheet>; agreement: string }) {
  const [choice, setChoice] = useState<StakeChoice | null>(null);
  useImperativeHandle(opener, () => setChoice, []);
  const StakeConfirmDialog = stakeSheet.current;
  if (!choice || !StakeConfirmDialog) return null;
  return <StakeConfirmDialog choice={choice} agreement={agreement} onClose={() => setChoice(null)} />;
}
