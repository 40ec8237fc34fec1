'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { dailyDividend } from '@/lib/dividend';
import { formatAmount } from '@/lib/money';
import type { Level } from '@/lib/api/replies';

export type StakeChoice = { level: Level; period: Level['infos'][number] };

type StakeHandlers = {
  /** The finger's press on a stake button, before its tap: time to start loading what the tap opens. */
  onPress?: () => void;
  onStake: (choice: StakeChoice) => void;
};

/** One card per staking level: amount, a period selector, the daily percent and income, and a stake button. */
export function StakingList({ levels, onPress, onStake }: { levels: Level[] } & StakeHandlers) {
  return (
    <div className="space-y-3">
      {levels.map((level) => (
        <LevelCard key={level.id} level={level} onPress={onPress} onStake={onStake} />
      ))}
    </div>
  );
}

function LevelCard({ level, onPress, onStake }: { level: Level } & StakeHandlers) {
  const t = useTranslations('home');
  const [periodId, setPeriodId] = useState(level.infos[0]?.id);
  const period = level.infos.find((p) => p.id === periodId) ?? level.infos[0];
  const amount = BigInt(level.num);
  return (
    <section data-testid={`level-${level.id}`} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <div className="flex items-baseline justify-between">
        <p className="text-2xl font-bold text-fg">
          {formatAmount(amount)} <span className="text-sm font-semibold text-gold">WLD</span>
        </p>
        {period && (
          <p className="text-right text-xs text-haze">
            {t('dailyRatio')}{' '}
            <span data-testid="ratio" className="text-base font-semibold text-mint">
              {period.scale}%
            </span>
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label={t('period')}>
        {level.infos.map((p) => (
          <button
            key={p.id}
            role="radio"
            aria-checked={p.id === period?.id}
            data-testid={`period-${p.id}`}
            onClick={() => setPeriodId(p.id)}
            className={`rounded-full px-3 py-1 text-xs ring-1 ${p.id === period?.id ? 'bg-gold text-on-gold ring-gold' : 'text-haze ring-ink-line'}`}
          >
            {t('days', { n: Number(p.day) })}
          </button>
        ))}
      </div>
      {period && (
        <div className="mt-3 flex items-center justify-between">
          <p className="text-xs text-haze">
            {t('dailyIncome')}{' '}
            <span data-testid="income" className="text-sm font-semibold text-fg">
              {formatAmount(dailyDividend(amount, period.scale))} WLD
            </span>
          </p>
          <button
            data-testid={`stake-${level.id}`}
            onPointerDown={onPress}
            onClick={() => onStake({ level, period })}
            className="rounded-xl bg-gold px-5 py-2 text-sm font-semibold text-on-gold"
          >
            {t('stake')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Placeholder cards of a level card's height while the levels load, so nothing below them jumps. */
export function StakingListSkeleton() {
  return (
    <div aria-hidden data-testid="levels-loading" className="space-y-3">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-[148px] animate-pulse rounded-2xl bg-ink-card ring-1 ring-ink-line" />
      ))}
    </div>
  );
}
