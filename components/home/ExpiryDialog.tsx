'use client';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { endpoints } from '@/lib/api/contract';
import { useApiMutation } from '../api/useApiMutation';
import { useApiQuery } from '../api/useApiQuery';

/** Shown while the user has an expired stake whose notice is open; closing calls closeExpire. */
export function ExpiryDialog() {
  const t = useTranslations('expiry');
  const expiry = useApiQuery(endpoints.getInvestExpire, {});
  const closeExpire = useApiMutation(endpoints.closeExpire, { invalidates: [endpoints.getInvestExpire] });
  const open = expiry.data?.have_expire === 1;
  const close = () => closeExpire.run({ pledge_id: expiry.data?.pledge_id ?? '' });
  return (
    <Dialog open={open} onClose={() => void close()} className="relative z-[65]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel data-testid="expiry-dialog" className="w-full max-w-sm rounded-2xl bg-ink-card p-6 text-center ring-1 ring-ink-line">
          <DialogTitle className="text-base font-semibold text-white">{t('title')}</DialogTitle>
          <p className="mt-3 text-sm leading-6 text-haze">{t('text')}</p>
          <button data-testid="expiry-close" onClick={() => void close()} className="mt-5 w-full rounded-xl bg-gold py-2.5 text-sm font-semibold text-ink">{t('close')}</button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
