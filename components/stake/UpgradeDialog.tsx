'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { dailyDividend, upgradeStartsAt } from '@/lib/dividend';
import { formatAmount } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { BottomSheet } from '../BottomSheet';
import type { Level, StakeRecord } from '@/lib/api/replies';

/**
 * Choose a higher level (with a period of the same length); shows the difference to pay, the new daily rate and
 * income (the server's dividend, lib/dividend.ts) and when they start: the stake's next 24-hour day, as the server
 * writes the upgrade's terms, counted from the record's own staked time (the server's clock, not this device's).
 */
export function UpgradeDialog({
  record,
  levels,
  onConfirm,
  onClose,
}: {
  record: StakeRecord;
  levels: Level[];
  onConfirm: (levelId: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations();
  const current = BigInt(record.amount);
  const higher = levels.filter((l) => BigInt(l.num) > current && l.infos.some((p) => p.day === record.day));
  const [chosen, setChosen] = useState(higher[0]?.id);
  const level = higher.find((l) => l.id === chosen);
  const period = level?.infos.find((p) => p.day === record.day);
  const startsAt = upgradeStartsAt(Number(record.stake_time), Number(record.staked_duration));
  return (
    <BottomSheet onClose={onClose} title={t('pledge.action.upgrade')} testId="upgrade-dialog">
      {higher.length === 0 ? (
        <p className="text-center text-sm text-haze">{t('pledge.noHigher')}</p>
      ) : (
        <div className="space-y-2">
          {higher.map((l) => (
            <button
              key={l.id}
              data-testid={`upgrade-level-${l.id}`}
              onClick={() => setChosen(l.id)}
              className={`flex w-full justify-between rounded-xl px-4 py-3 text-sm ring-1 ${l.id === chosen ? 'bg-gold/15 text-gold ring-gold' : 'text-fg ring-ink-line'}`}
            >
              <span>{formatAmount(BigInt(l.num))} WLD</span>
              <span>{t('pledge.payDifference', { amount: formatAmount(BigInt(l.num) - current) })}</span>
            </button>
          ))}
        </div>
      )}
      {level && period && (
        <dl data-testid="upgrade-effect" className="mt-4 space-y-2 rounded-xl bg-ink/60 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-haze">{t('pledge.newDailyIncome')}</dt>
            <dd data-testid="upgrade-income" className="text-right font-semibold text-fg">
              {formatAmount(dailyDividend(BigInt(level.num), period.scale))} WLD · {period.scale}%
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-haze">{t('pledge.newRateFrom')}</dt>
            <dd data-testid="upgrade-starts" className="text-right font-semibold text-fg">
              {formatTime(String(startsAt))}
            </dd>
          </div>
          <p className="pt-1 text-xs leading-5 text-haze">{t('pledge.newRateNote')}</p>
        </dl>
      )}
      <div className="mt-5 flex gap-3">
        <button onClick={onClose} className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze">
          {t('common.cancel')}
        </button>
        <button
          data-testid="upgrade-submit"
          disabled={!level}
          onClick={() => level && onConfirm(level.id)}
          className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold disabled:opacity-50"
        >
          {t('common.confirm')}
        </button>
      </div>
    </BottomSheet>
  );
}
