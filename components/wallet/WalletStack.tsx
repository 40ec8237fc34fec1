'use client';
import { memo, useEffect, useState } from 'react';
import { type Config, WagmiProvider } from 'wagmi';
import { env } from '@/lib/env';
import { createWagmiConfig } from '@/lib/wallet/config';
import type { ConnectIntent, WalletApi } from './WalletContext';
import { WalletSession } from './WalletSession';

type Props = { onApi: (api: WalletApi) => void; connectIntentRef: ConnectIntent; reconnect: boolean };

/**
 * The lazily loaded wallet: wagmi for the environment and the session that connects, signs in and signs.
 * Memoized with stable props on purpose: without SSR, WagmiProvider starts a reconnect on every render, so it
 * must not re-render when the session publishes its API to WalletProvider (that would loop).
 */
export const WalletStack = memo(function WalletStack({ onApi, connectIntentRef, reconnect }: Props) {
  // Literal checks of the build-time variable: production builds drop the burner wallet module entirely.
  const [config, setConfig] = useState<Config | null>(() => (process.env.NEXT_PUBLIC_APP_ENV === 'local' ? null : createWagmiConfig(env)));
  useEffect(() => {
    if (process.env.NEXT_PUBLIC_APP_ENV === 'local') {
      void import('@/lib/wallet/burner').then((m) => setConfig(createWagmiConfig(env, [m.burnerConnector(env)])));
    }
  }, []);
  if (!config) return null;
  return (
    <WagmiProvider config={config} reconnectOnMount={reconnect}>
      <WalletSession config={config} onApi={onApi} connectIntentRef={connectIntentRef} />
    </WagmiProvider>
  );
});
