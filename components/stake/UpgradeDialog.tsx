'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatAmount } from '@/lib/money';
import { BottomSheet } from '../BottomSheet';
import type { Level, StakeRecord } from '@/lib/api/replies';

/** Choose a higher level (with a period of the same length); shows the difference to pay. */
export function UpgradeDialog({ record, levels, onConfirm, onClose }: { record: StakeRecord; levels: Level[]; onConfirm: (levelId: string) => void; onClose: () => void }) {
  const t = useTranslations();
  const current = BigInt(record.amount);
  const higher = levels.filter((l) => BigInt(l.num) > current && l.infos.some((p) => p.day === record.day));
  const [chosen, setChosen] = useState(higher[0]?.id);
  const level = higher.find((l) => l.id === chosen);
  return (
    <BottomSheet onClose={onClose} title={t('pledge.action.upgrade')} testId="upgrade-dialog">
          {higher.length === 0 ? (
            <p className="text-center text-sm text-haze">{t('pledge.noHigher')}</p>
          ) : (
            <div className="space-y-2">
              {higher.map((l) => (
                <button key={l.id} data-testid={`upgrade-level-${l.id}`} onClick={() => setChosen(l.id)} className={`flex w-full justify-between rounded-xl px-4 py-3 text-sm ring-1 ${l.id === chosen ? 'bg-gold/15 text-gold ring-gold' : 'text-fg ring-ink-line'}`}>
                  <span>{formatAmount(BigInt(l.num))} WLD</span>
                  <span>{t('pledge.payDifference', { amount: formatAmount(BigInt(l.num) - current) })}</span>
                </button>
              ))}
            </div>
          )}
          <div className="mt-5 flex gap-3">
            <button onClick={onClose} className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze">{t('common.cancel')}</button>
            <button data-testid="upgrade-submit" disabled={!level} onClick={() => level && onConfirm(level.id)} className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold disabled:opacity-50">{t('common.confirm')}</button>
          </div>
    </BottomSheet>
  );
}
