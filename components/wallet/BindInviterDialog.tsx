'use client';
import { Dialog, DialogPanel, DialogTitle } from '../Dialog';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { maskAddress } from '@/lib/address';
import { resolveInviter, storedIntro } from '@/lib/auth/inviter';
import { useToast } from '../Toast';

type Props = {
  open: boolean;
  /** Registering: the inviter is being checked or the wallet asked to sign. */
  busy: boolean;
  /** The server's reason for refusing the inviter, shown under the field. */
  refusal: string;
  onEdit: () => void;
  onClose: () => void;
  onSubmit: (inviter: string) => void;
};

/** First registration: the inviter's address, prefilled (masked) from the invite link when there was one. */
export function BindInviterDialog({ open, onClose, ...form }: Props) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[70]">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-6">{open && <InviterForm {...form} />}</div>
    </Dialog>
  );
}

function InviterForm({ busy, refusal, onEdit, onSubmit }: Omit<Props, 'open' | 'onClose'>) {
  const t = useTranslations();
  const toast = useToast();
  const [value, setValue] = useState(() => {
    const intro = storedIntro(window.localStorage);
    return intro ? maskAddress(intro) : '';
  });

  const submit = () => {
    const result = resolveInviter(value, storedIntro(window.localStorage));
    if (!result.ok) return toast.show(t(result.reason === 'required' ? 'validation.inviterPlaceholder' : 'errors.invalidAddress'));
    onSubmit(result.address);
  };

  return (
    <DialogPanel data-testid="bind-inviter" className="w-full max-w-sm rounded-2xl bg-ink-card p-6 ring-1 ring-ink-line">
      <DialogTitle className="text-base font-semibold text-fg">{t('wallet.bindTitle')}</DialogTitle>
      <p className="mt-1 text-xs leading-5 text-haze">{t('wallet.bindHint')}</p>
      <input
        data-testid="inviter-input"
        value={value}
        aria-invalid={Boolean(refusal)}
        aria-describedby={refusal ? 'inviter-refusal' : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          onEdit();
        }}
        placeholder={t('validation.inviterPlaceholder')}
        className={`mt-4 w-full rounded-xl bg-ink px-3 py-3 font-mono text-xs text-fg outline-none ring-1 placeholder:font-sans placeholder:text-haze focus:ring-gold ${refusal ? 'ring-red-400' : 'ring-ink-line'}`}
      />
      {refusal && (
        <p id="inviter-refusal" data-testid="inviter-refusal" role="alert" className="mt-2 text-xs leading-5 text-red-400">
          {refusal}
        </p>
      )}
      <button
        data-testid="inviter-submit"
        disabled={busy}
        onClick={submit}
        className="mt-5 w-full rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold disabled:opacity-60"
      >
        {busy ? t('common.loading') : t('wallet.bindSubmit')}
      </button>
    </DialogPanel>
  );
}
