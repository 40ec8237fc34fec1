'use client';
import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@/lib/user-info';
import { useLocaleChoice } from '../LocaleProvider';
import { useWallet } from './WalletContext';

export type Banner = { id: string; img_path: string; img_title: string; url_path: string };
export type Notice = { id: string; title: string; content: string; create_time: string };
export type Level = { id: string; num: string; infos: { id: string; day: string; scale: string }[] };
export type Expiry = { have_expire: number; pledge_id: string };

/** Query keys carry the address and language, so switching either refetches. */
function useKey(name: string, ...rest: unknown[]) {
  const { address } = useWallet();
  const { locale } = useLocaleChoice();
  return [name, address ?? null, locale, ...rest] as const;
}

export function useUserInfo() {
  const wallet = useWallet();
  return useQuery({ queryKey: useKey('userInfo'), queryFn: () => wallet.call<UserInfo>('userapi/getUserInfo'), enabled: wallet.signedIn });
}

export function useBalance() {
  const wallet = useWallet();
  return useQuery({ queryKey: useKey('balance'), queryFn: () => wallet.call<{ balance: string }>('userapi/getBalance'), enabled: wallet.signedIn });
}

export function useBanners() {
  const wallet = useWallet();
  return useQuery({ queryKey: useKey('banners'), queryFn: () => wallet.call<Banner[]>('publicapi/getSwap', { position: '1' }) });
}

export function useHotNotices() {
  const wallet = useWallet();
  return useQuery({ queryKey: useKey('notices'), queryFn: () => wallet.call<Notice[]>('publicapi/getHotNotice', { limit: '5' }) });
}

export function useLevels() {
  const wallet = useWallet();
  return useQuery({ queryKey: useKey('levels'), queryFn: () => wallet.call<{ list: Level[]; agreement: string }>('investapi/invest') });
}

export function useExpiry() {
  const wallet = useWallet();
  return useQuery({ queryKey: useKey('expiry'), queryFn: () => wallet.call<Expiry>('investapi/getInvestExpire'), enabled: wallet.signedIn });
}
