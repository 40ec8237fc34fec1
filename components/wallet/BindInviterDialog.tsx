'use client';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { maskAddress } from '@/lib/address';
import { resolveInviter } from '@/lib/auth/inviter';
import { LOCAL_KEYS } from '@/lib/storage-keys';
import { useToast } from '../Toast';

/** First registration: the inviter's address, prefilled (masked) from the invite link when there was one. */
export function BindInviterDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (inviter: string) => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">{open && <InviterForm onSubmit={onSubmit} />}</div>
    </Dialog>
  );
}

function InviterForm({ onSubmit }: { onSubmit: (inviter: string) => void }) {
  const t = useTranslations();
  const toast = useToast();
  const [value, setValue] = useState(() => {
    const intro = window.localStorage.getItem(LOCAL_KEYS.intro);
    return intro ? maskAddress(intro) : '';
  });

  const submit = () => {
    const result = resolveInviter(value, window.localStorage.getItem(LOCAL_KEYS.intro));
    if (!result.ok) return toast.show(t(result.reason === 'required' ? 'validation.inviterPlaceholder' : 'errors.invalidAddress'));
    onSubmit(result.address);
  };

  return (
        <DialogPanel data-testid="bind-inviter" className="w-full max-w-sm rounded-2xl bg-ink-card p-6 ring-1 ring-ink-line">
          <DialogTitle className="text-base font-semibold text-white">{t('wallet.bindTitle')}</DialogTitle>
          <p className="mt-1 text-xs leading-5 text-haze">{t('wallet.bindHint')}</p>
          <input
            data-testid="inviter-input"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={t('validation.inviterPlaceholder')}
            className="mt-4 w-full rounded-xl bg-ink px-3 py-3 font-mono text-xs text-white outline-none ring-1 ring-ink-line placeholder:font-sans placeholder:text-haze focus:ring-gold"
          />
          <button data-testid="inviter-submit" onClick={submit} className="mt-5 w-full rounded-xl bg-gold py-2.5 text-sm font-semibold text-ink">
            {t('wallet.bindSubmit')}
          </button>
        </DialogPanel>
  );
}
