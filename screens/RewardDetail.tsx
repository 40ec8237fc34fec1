'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { RewardList } from '@/components/rewards/RewardList';
import { ScreenFrame } from '@/components/ScreenFrame';
import { Tabs } from '@/components/Tabs';
import type { RewardKind } from '@/lib/api/replies';
import { REWARD_KINDS, rewardKindOf } from '@/lib/rewards';
import type { ScreenProps } from '@/lib/routes';

export default function RewardDetail({ route }: ScreenProps) {
  const t = useTranslations();
  const search = useSearch();
  const [kind, setKind] = useState<RewardKind>(() => rewardKindOf(search));
  const tabs = REWARD_KINDS.map((key) => ({ key, label: t(`reward.${key}`), testId: `reward-tab-${key}` }));
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="RewardDetail" className="space-y-3">
        <Tabs tabs={tabs} value={kind} onChange={setKind} />
        <RewardList key={kind} kind={kind} />
      </div>
    </ScreenFrame>
  );
}
