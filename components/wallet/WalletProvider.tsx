'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Config, WagmiProvider } from 'wagmi';
import { env } from '@/lib/env';
import { createWagmiConfig } from '@/lib/wallet/config';
import { WalletSession } from './WalletSession';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 15_000, refetchOnWindowFocus: false } } });

/** wagmi + react-query for the environment, then the wallet session (connection, sign-in, dialogs). */
export function WalletProvider({ children }: { children: React.ReactNode }) {
  // Literal checks of the build-time variable: production builds drop the burner wallet module entirely.
  const [config, setConfig] = useState<Config | null>(() => (process.env.NEXT_PUBLIC_APP_ENV === 'local' ? null : createWagmiConfig(env)));
  useEffect(() => {
    if (process.env.NEXT_PUBLIC_APP_ENV === 'local') {
      void import('@/lib/wallet/burner').then((m) => setConfig(createWagmiConfig(env, [m.burnerConnector(env)])));
    }
  }, []);
  if (!config) return null;
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <WalletSession config={config}>{children}</WalletSession>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
