'use client';
import { Dialog, DialogPanel, DialogTitle } from '../LazyDialog';
import { useTranslations } from 'next-intl';
import { endpoints } from '@/lib/api/contract';
import { useApiMutation } from '../api/useApiMutation';

/**
 * The notice of an expired stake (Index mounts it while getInvestExpire says have_expire 1); closing calls
 * closeExpire, and the refreshed notice unmounts it.
 */
export default function ExpiryDialog({ pledgeId }: { pledgeId: string }) {
  const t = useTranslations('expiry');
  const closeExpire = useApiMutation(endpoints.closeExpire, { invalidates: [endpoints.getInvestExpire] });
  const close = () => closeExpire.run({ pledge_id: pledgeId });
  return (
    <Dialog open onClose={() => void close()} className="relative z-[65]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">
        <DialogPanel data-testid="expiry-dialog" className="w-full max-w-sm rounded-2xl bg-ink-card p-6 text-center ring-1 ring-ink-line">
          <DialogTitle className="text-base font-semibold text-fg">{t('title')}</DialogTitle>
          <p className="mt-3 text-sm leading-6 text-haze">{t('text')}</p>
          <button data-testid="expiry-close" onClick={() => void close()} className="mt-5 w-full rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold">{t('close')}</button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
