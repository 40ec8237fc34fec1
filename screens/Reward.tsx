'use client';
import { useTranslations } from 'next-intl';
import { RewardTotals } from '@/components/rewards/RewardTotals';
import { ScreenFrame } from '@/components/ScreenFrame';
import type { ScreenProps } from '@/lib/routes';

export default function Reward({ route }: ScreenProps) {
  const t = useTranslations();
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Reward">
        <RewardTotals />
      </div>
    </ScreenFrame>
  );
}
