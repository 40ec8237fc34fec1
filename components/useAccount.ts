'use client';
import { useTranslations } from 'next-intl';
import type { UserInfo } from '@/lib/user-info';
import { useToast } from './Toast';

export type WalletState = { address?: string; connect: () => void };
export type UserState = { status: 'signedOut' } | { status: 'signedIn'; address: string; info: UserInfo };

/** The header's wallet state. Until the wallet connection lands, connecting says so honestly. */
export function useWalletState(): WalletState {
  const toast = useToast();
  const t = useTranslations('common');
  return { address: undefined, connect: () => toast.show(t('underDevelopment')) };
}

/** The signed-in user's info for the side menu; refreshed when the menu opens. */
export function useUserState(): UserState & { refresh: () => void } {
  return { status: 'signedOut', refresh: () => undefined };
}
