'use client';
import { type QueryClient, keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api/client';
import type { Locale } from '@/lib/i18n';
import type { UserInfo } from '@/lib/user-info';
import { useLocaleChoice } from '../LocaleProvider';
import { appApiContext } from './useApiCall';
import { useWallet } from './WalletContext';

export type Banner = { id: string; img_path: string; img_title: string; url_path: string };
export type Notice = { id: string; title: string; content: string; create_time: string };
export type Level = { id: string; num: string; infos: { id: string; day: string; scale: string }[] };
export type Expiry = { have_expire: number; pledge_id: string };

/** Query keys carry the address and language, so switching either refetches. */
const keyFor = (name: string, address: string | undefined, locale: Locale) => [name, address ?? null, locale] as const;

export function useQueryKey(name: string) {
  const { address } = useWallet();
  const { locale } = useLocaleChoice();
  return keyFor(name, address, locale);
}

export function useUserInfo() {
  const wallet = useWallet();
  return useQuery({ queryKey: useQueryKey('userInfo'), queryFn: () => wallet.call<UserInfo>('userapi/getUserInfo'), enabled: wallet.signedIn });
}

export function useBalance() {
  const wallet = useWallet();
  return useQuery({ queryKey: useQueryKey('balance'), queryFn: () => wallet.call<{ balance: string }>('userapi/getBalance'), enabled: wallet.signedIn });
}

/** The home screen's public content: the same for every account, so it is shown while a new key loads. */
const PUBLIC_CONTENT = {
  banners: { path: 'publicapi/getSwap', payload: { position: '1' } },
  notices: { path: 'publicapi/getHotNotice', payload: { limit: '5' } },
  levels: { path: 'investapi/invest', payload: {} },
} as const;
type PublicName = keyof typeof PUBLIC_CONTENT;

function usePublicContent<T>(name: PublicName) {
  const wallet = useWallet();
  const { path, payload } = PUBLIC_CONTENT[name];
  return useQuery({ queryKey: useQueryKey(name), queryFn: () => wallet.call<T>(path, { ...payload }), placeholderData: keepPreviousData });
}

export const useBanners = () => usePublicContent<Banner[]>('banners');
export const useHotNotices = () => usePublicContent<Notice[]>('notices');
export const useLevels = () => usePublicContent<{ list: Level[]; agreement: string }>('levels');

/**
 * Starts the home screen's public calls with the shell, before any screen has rendered, under the keys the
 * hooks will use (no account yet). A failure is not cached: the screen's own query retries and reports it.
 */
export function prefetchPublicContent(client: QueryClient, locale: Locale) {
  for (const name of Object.keys(PUBLIC_CONTENT) as PublicName[]) {
    const { path, payload } = PUBLIC_CONTENT[name];
    void client.prefetchQuery({ queryKey: keyFor(name, undefined, locale), queryFn: () => apiPost(path, { ...payload }, appApiContext(undefined, null, locale)) });
  }
}

export function useExpiry() {
  const wallet = useWallet();
  return useQuery({ queryKey: useQueryKey('expiry'), queryFn: () => wallet.call<Expiry>('investapi/getInvestExpire'), enabled: wallet.signedIn });
}
