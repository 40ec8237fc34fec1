'use client';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { errorText } from '../lib/api';
import { Button, ErrorBox, Field, TextArea } from './kit';

/** A modal with a title, a body and its actions; closes on Escape or a click outside. */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel className={`max-h-[90vh] w-full overflow-y-auto rounded-lg bg-white p-4 shadow-xl ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
          <DialogTitle className="mb-3 text-base font-semibold text-slate-900">{title}</DialogTitle>
          <div className="space-y-3 text-sm">{children}</div>
          {actions && <div className="mt-4 flex flex-wrap justify-end gap-2">{actions}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

type SubmitDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  confirmLabel: ReactNode;
  /** What the confirm button says while the action runs (its label when absent). */
  busyLabel?: ReactNode;
  tone?: 'primary' | 'danger';
  /** False keeps the confirm button disabled (say, until what is to be signed has arrived). */
  ready?: boolean;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
};

/** A dialog whose confirm button runs an action: busy while it runs, closed when it succeeds, its refusal shown inside otherwise. */
export function SubmitDialog({ open, onClose, title, confirmLabel, busyLabel, tone = 'primary', ready = true, onSubmit, children }: SubmitDialogProps) {
  const t = useTranslations('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (e) {
      setError(new Error(errorText(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button tone="plain" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button tone={tone} disabled={!ready || busy} onClick={() => void submit()}>
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && <ErrorBox error={error} />}
    </Modal>
  );
}

/** Asks for a reason (a rejection), then runs the action; the server's refusal is shown in the dialog. */
export function ReasonDialog({
  open,
  onClose,
  title,
  confirmLabel,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  confirmLabel: ReactNode;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const t = useTranslations('common');
  const [reason, setReason] = useState('');
  const submit = async () => {
    await onSubmit(reason);
    setReason('');
  };
  return (
    <SubmitDialog open={open} onClose={onClose} title={title} confirmLabel={confirmLabel} tone="danger" onSubmit={submit}>
      <Field label={t('reason')}>
        <TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} name="reason" />
      </Field>
    </SubmitDialog>
  );
}
