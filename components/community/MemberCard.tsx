'use client';
import { useTranslations } from 'next-intl';
import type { TeamMember } from '@/lib/api/replies';
import { formatAmount } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { RecordFrame, type Tone } from '../RecordFrame';

/** One team member: masked address, level label, when they joined and their own active stake. */
export function MemberCard({ member: m }: { member: TeamMember }) {
  const t = useTranslations();
  const tone: Tone = m.level === 'invalid' ? 'plain' : 'good';
  const rows = [
    [t('community.joinTime'), formatTime(m.join_time)],
    [t('community.ownStake'), `${formatAmount(BigInt(m.stake))} WLD`],
  ] as const;
  return (
    <RecordFrame
      testId="team-member"
      headline={m.address}
      headlineTestId="member-address"
      headlineMono
      status={t(`member.${m.level}`)}
      statusTestId="member-level-label"
      tone={tone}
      rows={rows}
    />
  );
}
