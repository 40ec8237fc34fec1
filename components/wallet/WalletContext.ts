'use client';
import { createContext, useContext } from 'react';
import type { Address } from 'viem';
import type { Config } from 'wagmi';

export type WalletStatus = 'disconnected' | 'connecting' | 'wrong-chain' | 'connected';

export type WalletApi = {
  address?: Address;
  status: WalletStatus;
  /** A session (guid) exists for this address. */
  signedIn: boolean;
  connect: () => void;
  /** After a connect tap: the wallet stack is loading or the app is still looking for a wallet (at most ~3 s). */
  detecting: boolean;
  /** wagmi's config once the wallet stack has loaded (chain reads and writes need it). */
  config?: Config;
  /** Loads the wallet stack without connecting (a screen that reads the chain asks for it). */
  loadStack: () => void;
  /** A signed API call as the current address; failures are already shown to the user. */
  call: <T>(path: string, payload?: Record<string, string>) => Promise<T>;
  /** personal_sign over the hex-encoded nonce (login, registration, staking). */
  signNonce: (nonce: string) => Promise<`0x${string}`>;
  /** Shows a wallet or chain error through the catalogue (API failures were already shown). */
  report: (error: unknown) => void;
};

export const WalletContext = createContext<WalletApi | null>(null);

export function useWallet(): WalletApi {
  const api = useContext(WalletContext);
  if (!api) throw new Error('useWallet outside WalletProvider');
  return api;
}
