'use client';
import { Dialog, DialogPanel, DialogTitle } from '../Dialog';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { endpoints } from '@/lib/api/contract';
import type { Expiry } from '@/lib/api/replies';
import { formatAmount } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { useApiMutation } from '../api/useApiMutation';
import { closeExpiryForVisit } from './expiry-seen';

/**
 * The notice of an expired stake (Index mounts it while getInvestExpire says have_expire 1): the stake it is about
 * (amount, level, period and daily percent, when it expired), the redemption deadline, 'redeem now' (to the stake records, where the stake can be redeemed) and close. Either button closes
 * the notice for this visit at once and calls closeExpire; a failed closeExpire is reported but the notice stays
 * closed until the next visit. The refreshed notice unmounts it (or names the next expired stake).
 */
export default function ExpiryDialog({ expiry }: { expiry: Expiry }) {
  const t = useTranslations('expiry');
  const home = useTranslations('home');
  const { pledge_id: stakeId, redeem_by: redeemBy } = expiry;
  const wld = (v: string) => `${formatAmount(BigInt(v))} WLD`;
  const rows: [string, string][] = [
    [t('amount'), wld(expiry.amount)],
    [home('level'), wld(expiry.level_num)],
    [home('period'), `${home('days', { n: Number(expiry.day) })} · ${expiry.scale}%`],
    [t('expiredAt'), formatTime(expiry.end_time)],
  ];
  const [, navigate] = useLocation();
  const closeExpire = useApiMutation(endpoints.closeExpire, { invalidates: [endpoints.getInvestExpire] });
  const [open, setOpen] = useState(true);
  const close = () => {
    closeExpiryForVisit(stakeId);
    setOpen(false);
    void closeExpire.run({ pledge_id: stakeId });
  };
  const redeemNow = () => {
    close();
    navigate('/pledge/record');
  };
  return (
    <Dialog open={open} onClose={close} className="relative z-[65]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel
          data-testid="expiry-dialog"
          className="max-h-full w-full max-w-sm overflow-y-auto rounded-2xl bg-ink-card p-6 text-center ring-1 ring-ink-line"
        >
          <DialogTitle className="text-base font-semibold text-fg">{t('title')}</DialogTitle>
          <dl data-testid="expiry-stake" className="mt-4 space-y-1.5 rounded-xl bg-ink/60 p-3 text-left text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-haze">{label}</dt>
                <dd className="text-right font-semibold text-fg">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm leading-6 text-haze">{t('text')}</p>
          {redeemBy && (
            <p data-testid="expiry-deadline" className="mt-2 text-sm font-semibold leading-6 text-gold">
              {t('deadline', { time: formatTime(redeemBy) })}
            </p>
          )}
          <div className="mt-5 flex gap-3">
            <button data-testid="expiry-close" onClick={close} className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze">
              {t('close')}
            </button>
            <button data-testid="expiry-redeem" onClick={redeemNow} className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold">
              {t('redeemNow')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
