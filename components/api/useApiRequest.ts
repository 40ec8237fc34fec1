'use client';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError, apiPost } from '@/lib/api/client';
import type { Endpoint, InputOf, ReplyOf } from '@/lib/api/contract';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { useLocaleChoice } from '../LocaleProvider';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import { appApiContext } from './context';
import { announceSessionFlow } from './session-flow';

export type ApiRequest = <E extends Endpoint>(endpoint: E, input: InputOf<E>, opts?: { quiet?: boolean; files?: Record<string, Blob> }) => Promise<ReplyOf<E>>;

/**
 * The app's one way to call the API, as the connected address (the zero address before one is known) or
 * `asAddress`, in the chosen language, with the stored session. status ≠ 1 shows info as a toast, except
 * 301/302 which go to the wallet session; no data field shows ERR_CONNECTION_REFUSED; a network error shows
 * its message. `quiet` shows nothing (sign-in swallows its own failures). The error is rethrown.
 */
export function useApiRequest(asAddress?: string): ApiRequest {
  const wallet = useWallet();
  const address = asAddress ?? wallet.address;
  const { locale } = useLocaleChoice();
  const toast = useToast();
  const t = useTranslations('errors');
  return useCallback(
    async <E extends Endpoint>(endpoint: E, input: InputOf<E>, opts: { quiet?: boolean; files?: Record<string, Blob> } = {}): Promise<ReplyOf<E>> => {
      const guid = window.sessionStorage.getItem(SESSION_KEYS.guid);
      try {
        return await apiPost<ReplyOf<E>>(endpoint.path, input as Record<string, string>, appApiContext(address, guid, locale), fetch, opts.files);
      } catch (error) {
        if (error instanceof ApiError && !opts.quiet) {
          if (error.kind === 'register' || error.kind === 'login') announceSessionFlow(error.kind);
          else toast.show(error.kind === 'refused' ? t('connectionRefused') : error.message);
        }
        throw error;
      }
    },
    [address, locale, t, toast],
  );
}
