'use client';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api/client';
import { useConfirm } from '../ConfirmDialog';
import { useToast } from '../Toast';

/**
 * Shows a wallet or chain error through the spec's catalogue: silent (the user said no), a toast, or a
 * dialog with the message. API failures were already shown by the request and are skipped. The catalogue
 * (viem's error classes) loads on the first error, so it stays out of the first screen's JavaScript.
 */
export function useReportError() {
  const t = useTranslations('errors');
  const toast = useToast();
  const confirm = useConfirm();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) return;
      void import('@/lib/errors/catalogue').then(({ classifyError }) => {
        const outcome = classifyError(error);
        if (outcome.kind === 'toast') toast.show(t(outcome.key));
        if (outcome.kind === 'dialog') void confirm({ message: outcome.message, cancelText: false });
      });
    },
    [confirm, t, toast],
  );
}
