'use client';
import { createContext, useContext } from 'react';
import type { Address, Hex, SignableMessage } from 'viem';
import type { Config } from 'wagmi';

export type WalletStatus = 'disconnected' | 'connecting' | 'wrong-chain' | 'connected';

/** Only what is the wallet's: the account, the chain state, the connector's config and signing. */
export type WalletApi = {
  address?: Address;
  status: WalletStatus;
  /** A session (guid) exists for this address. */
  signedIn: boolean;
  /** The sign-in signature is being asked for. */
  signingIn: boolean;
  /** The last sign-in was declined or failed: `connect` asks for the signature again. */
  signInFailed: boolean;
  /** Connects a wallet, or, when one is connected without a session, asks it to sign in. */
  connect: () => void;
  /** Ends the session (the server's logout) and forgets it here; the wallet stays connected. */
  signOut: () => void;
  /** After a connect tap: the wallet stack is loading or the app is still looking for a wallet (at most ~3 s). */
  detecting: boolean;
  /** wagmi's config once the wallet stack has loaded (chain reads and writes need it). */
  config?: Config;
  /** Loads the wallet stack without connecting (a screen that reads the chain asks for it). */
  loadStack: () => void;
  /** personal_sign in the wallet as the current address. */
  signMessage: (message: SignableMessage) => Promise<Hex>;
};

export const WalletContext = createContext<WalletApi | null>(null);

export function useWallet(): WalletApi {
  const api = useContext(WalletContext);
  if (!api) throw new Error('useWallet outside WalletProvider');
  return api;
}

/**
 * Why the wallet stack should connect once it has loaded: a tap on 'connect wallet', or a silent probe that
 * found the wallet already grants this site an account (the app's own storage may have been cleared).
 * `carryOut` is set while a session is mounted: an intent that arrives then (a tap after the session started
 * but before its API replaced the provider's) goes to it directly instead of waiting for a mount that is over.
 */
export type Intent = 'tap' | 'granted';
export type ConnectIntent = { current: Intent | null; carryOut?: (intent: Intent) => void };

/** Hands an intent to the mounted session, or leaves it for the session that will mount. */
export function handOver(ref: ConnectIntent, intent: Intent) {
  if (ref.carryOut) ref.carryOut(intent);
  else ref.current = intent;
}
