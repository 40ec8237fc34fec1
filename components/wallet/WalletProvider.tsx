'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useToast } from '../Toast';
import { queryClient } from '../api/query-client';
import { TIMING } from '@/lib/timing';
import { grantedAccounts, readInjected } from '@/lib/wallet/injected';
import { type ConnectIntent, type WalletApi, WalletContext, handOver } from './WalletContext';

type StackModule = typeof import('./WalletStack');

/** wagmi keeps the last connection in localStorage; a returning user's wallet reconnects at once. */
function hasStoredConnection() {
  try {
    const stored = JSON.parse(window.localStorage.getItem('wagmi.store') ?? 'null') as { state?: { connections?: { value?: unknown[] } } } | null;
    return (stored?.state?.connections?.value?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

/**
 * react-query, then the wallet. The wallet stack (wagmi, viem's clients, the connectors) is not part of the
 * first screen: it loads when the user taps connect, when a screen needs the chain, or at once for a
 * returning user whose wallet reconnects. Until then the app runs on public API calls with no account.
 */
export function WalletProvider({ children }: { children: React.ReactNode }) {
  // A returning user's wallet reconnects by itself; anyone else connects with a tap, which asks the wallet.
  const [returning] = useState(hasStoredConnection);
  const [wanted, setWanted] = useState(returning);
  // A tap on 'connect wallet' before the stack has loaded; the session carries it out when it starts.
  const connectIntentRef: ConnectIntent = useRef<ConnectIntent['current']>(null);
  const [connectTapped, setConnectTapped] = useState(false);
  const [stack, setStack] = useState<StackModule | null>(null);
  const [session, setSession] = useState<WalletApi | null>(null);
  const toast = useToast();
  const t = useTranslations('errors');
  useEffect(() => {
    if (!wanted || stack) return;
    import('./WalletStack').then(setStack, () => {
      // The module could not be fetched (offline): say so and let the user tap again.
      toast.show(t('nodeNetwork'));
      setConnectTapped(false);
      setWanted(false);
    });
  }, [wanted, stack, t, toast]);

  // No stored connection does not mean no connection: MetaMask iOS clears the page's storage between visits
  // while the wallet still grants the site. Ask the wallet (eth_accounts never prompts) instead of trusting storage.
  useEffect(() => {
    if (returning) return;
    let live = true;
    void grantedAccounts(readInjected(), TIMING.accountsProbe).then((accounts) => {
      // Only for a session still to mount (a tap got there first, or one is running and decides for itself).
      if (!live || accounts.length === 0 || connectIntentRef.current || connectIntentRef.carryOut) return;
      connectIntentRef.current = 'granted';
      setWanted(true);
    });
    return () => {
      live = false;
    };
  }, [returning, connectIntentRef]);

  const loadStack = useCallback(() => setWanted(true), []);
  const connect = useCallback(() => {
    handOver(connectIntentRef, 'tap');
    setConnectTapped(true);
    setWanted(true);
  }, []);
  const before: WalletApi = useMemo(
    () => ({
      status: wanted ? 'connecting' : 'disconnected',
      signedIn: false,
      signingIn: false,
      signInFailed: false,
      detecting: connectTapped,
      connect,
      signOut: () => undefined,
      loadStack,
      signMessage: () => Promise.reject(new Error('no wallet connected yet')),
    }),
    [wanted, connectTapped, connect, loadStack],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <WalletContext.Provider value={session ?? before}>
        {children}
        {stack && <stack.WalletStack onApi={setSession} connectIntentRef={connectIntentRef} reconnect={returning} />}
      </WalletContext.Provider>
    </QueryClientProvider>
  );
}
