'use client';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleChoice } from '@/components/LocaleProvider';
import { apiQueryKey } from '@/components/api/keys';
import { useApiQuery } from '@/components/api/useApiQuery';
import { useApiRequest } from '@/components/api/useApiRequest';
import { useWallet } from '@/components/wallet/WalletContext';
import { endpoints } from '@/lib/api/contract';
import type { UserInfo } from '@/lib/user-info';

export type WalletState = { address?: string; detecting: boolean; connect: () => void };
export type UserState = { status: 'signedOut' } | { status: 'signedIn'; address: string; info: UserInfo };

/** The header's wallet state. */
export function useWalletState(): WalletState {
  const { address, status, detecting, connect } = useWallet();
  return { address: status === 'connected' ? address : undefined, detecting, connect };
}

/**
 * The signed-in user's info for the side menu; `refresh` fetches it again (opening the menu does). Only with a
 * session, and quietly: a refetch runs even when the query is disabled (signed out, or the owner on /manager, who
 * skips the user check), and a '301'/'302' answer would start registration or a login, a signature in the wallet,
 * from a tap on the menu. A session that ended shows signed out here; the screens' own calls sign in again.
 */
export function useUserState(): UserState & { refresh: () => void } {
  const wallet = useWallet();
  const info = useApiQuery(endpoints.getUserInfo, {});
  const { locale } = useLocaleChoice();
  const request = useApiRequest();
  const client = useQueryClient();
  const { signedIn, address } = wallet;
  const refresh = useCallback(() => {
    if (!signedIn) return;
    const key = apiQueryKey(endpoints.getUserInfo, {}, address, locale);
    request(endpoints.getUserInfo, {}, { quiet: true }).then(
      (data) => client.setQueryData(key, data),
      () => undefined,
    );
  }, [signedIn, address, locale, request, client]);
  if (wallet.signedIn && wallet.address && info.data) return { status: 'signedIn', address: wallet.address, info: info.data, refresh };
  return { status: 'signedOut', refresh };
}
