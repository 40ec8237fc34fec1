'use client';
import { useTranslations } from 'next-intl';
import { formatAmount } from '@/lib/money';
import type { StakeRecord } from '@/lib/api/replies';
import { formatTime } from '@/lib/time';
import { type RecordLabel, recordLabel, splitDuration } from './format';

const LABEL_STYLE: Record<RecordLabel, string> = {
  active: 'bg-mint/15 text-mint',
  'redemption-eligible': 'bg-gold/15 text-gold',
  expired: 'bg-fg/10 text-haze',
  redeemed: 'bg-fg/10 text-fg',
  renewed: 'bg-fg/10 text-haze',
};

export type RecordAction = 'upgrade' | 'applyRedeem' | 'confirmRedeem';

/** One stake with every field of spec section 3 "Stake (record)" and the actions it allows. */
export function RecordCard({ record, busy, onAction }: { record: StakeRecord; busy: boolean; onAction: (action: RecordAction, record: StakeRecord) => void }) {
  const t = useTranslations('pledge');
  const wld = (v: string) => `${formatAmount(BigInt(v))} WLD`;
  const duration = (v: string) => t('duration', splitDuration(v));
  const rows: [string, string][] = [
    [t('period'), t('days', { n: Number(record.day) })],
    [t('dailyRatio'), `${record.scale}%`],
    [t('annualized'), `${record.annualized}%`],
    [t('totalDividend'), wld(record.total_dividend)],
    [t('paid'), wld(record.dividend_paid)],
    [t('remaining'), wld(record.dividend_remaining)],
    [t('stakedDuration'), duration(record.staked_duration)],
    [t('remainingTime'), duration(record.remaining_time)],
    [t('stakeTime'), formatTime(record.stake_time)],
    [t('cumulative'), wld(record.cumulative_amount)],
    // The window to redeem in: shown while it is open, as the expiry notice says it.
    ...(record.state === 'redemption-eligible' && record.redeem_by ? ([[t('redeemBy'), formatTime(record.redeem_by)]] as [string, string][]) : []),
  ];
  const label = recordLabel(record);
  const actions: RecordAction[] = [
    ...(record.can_upgrade ? (['upgrade'] as const) : []),
    ...(record.can_apply_redeem ? (['applyRedeem'] as const) : []),
    ...(record.can_confirm_redeem ? (['confirmRedeem'] as const) : []),
  ];
  return (
    <article data-testid={`record-${record.pledge_id}`} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <header className="flex items-center justify-between">
        <p className="text-lg font-bold text-fg">{wld(record.amount)}</p>
        <span data-testid="record-state" data-label={label} className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LABEL_STYLE[label]}`}>
          {t(`state.${label}`)}
        </span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-haze">{label}</dt>
            <dd className="font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {actions.length > 0 && (
        <div className="mt-4 flex gap-2">
          {actions.map((action) => (
            <button
              key={action}
              data-testid={`action-${action}`}
              disabled={busy}
              onClick={() => onAction(action, record)}
              className="flex-1 rounded-xl bg-gold py-2 text-xs font-semibold text-on-gold disabled:opacity-50"
            >
              {t(`action.${action}`)}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
