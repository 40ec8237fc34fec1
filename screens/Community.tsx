'use client';
import { useTranslations } from 'next-intl';
import { MyLevelCard } from '@/components/community/MyLevelCard';
import { TeamMembers } from '@/components/community/TeamMembers';
import { TeamStats } from '@/components/community/TeamStats';
import { ScreenFrame } from '@/components/ScreenFrame';
import type { ScreenProps } from '@/lib/routes';

export default function Community({ route }: ScreenProps) {
  const t = useTranslations();
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Community" className="space-y-4">
        <MyLevelCard />
        <TeamStats />
        <TeamMembers />
      </div>
    </ScreenFrame>
  );
}
