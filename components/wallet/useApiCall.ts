'use client';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { type ApiContext, ApiError, apiPost } from '@/lib/api/client';
import { ZERO_ADDRESS, env } from '@/lib/env';
import { API_LANGUAGE, type Locale } from '@/lib/i18n';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { useLocaleChoice } from '../LocaleProvider';
import { useToast } from '../Toast';

/** The common fields' sources for every app request: the environment, the account (or none), the session, the language. */
export function appApiContext(address: string | undefined, guid: string | null, locale: Locale): ApiContext {
  return { baseUrl: env.apiBaseUrl, apiKey: env.apiKey, address: address ?? ZERO_ADDRESS, guid, language: API_LANGUAGE[locale] };
}

/**
 * The app's one way to call the API: common fields from the wallet (the zero address before one is
 * connected, for public content), the session and the language;
 * status ≠ 1 shows info as a toast, except 301/302 which go to `onFlow`; no data field shows
 * ERR_CONNECTION_REFUSED; a network error shows its message. The error is rethrown for the caller.
 */
export function useApiCall(address: string | undefined, onFlow: (kind: 'register' | 'login') => void) {
  const { locale } = useLocaleChoice();
  const toast = useToast();
  const t = useTranslations('errors');
  return useCallback(
    async <T,>(path: string, payload: Record<string, string> = {}, opts: { quiet?: boolean } = {}): Promise<T> => {
      const guid = window.sessionStorage.getItem(SESSION_KEYS.guid);
      try {
        return await apiPost<T>(path, payload, appApiContext(address, guid, locale));
      } catch (error) {
        if (error instanceof ApiError && !opts.quiet) {
          if (error.kind === 'register' || error.kind === 'login') onFlow(error.kind);
          else toast.show(error.kind === 'refused' ? t('connectionRefused') : error.message);
        }
        throw error;
      }
    },
    [address, locale, onFlow, t, toast],
  );
}
