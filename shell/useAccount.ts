'use client';
import { useCallback } from 'react';
import { useApiQuery } from '@/components/api/useApiQuery';
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

/** The signed-in user's info for the side menu; `refresh` refetches it (opening the menu does). */
export function useUserState(): UserState & { refresh: () => void } {
  const wallet = useWallet();
  const info = useApiQuery(endpoints.getUserInfo, {});
  const { refetch } = info;
  const refresh = useCallback(() => void refetch(), [refetch]);
  if (wallet.signedIn && wallet.address && info.data) return { status: 'signedIn', address: wallet.address, info: info.data, refresh };
  return { status: 'signedOut', refresh };
}
