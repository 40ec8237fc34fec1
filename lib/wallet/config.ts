import { createConfig, http, injected } from 'wagmi';
import type { EnvConfig } from '../env';
import { chainOf } from './chain';

/**
 * wagmi for the environment: injected wallets found through EIP-6963 (wagmi's multi-injected discovery)
 * plus the window.ethereum fallback, for MetaMask, TokenPocket and any EIP-1193 wallet.
 */
export function createWagmiConfig(env: EnvConfig, extraConnectors: ReturnType<typeof injected>[] = []) {
  const chain = chainOf(env);
  return createConfig({
    chains: [chain],
    connectors: [injected({ shimDisconnect: true }), ...extraConnectors],
    transports: { [chain.id]: http(env.rpcUrl) },
    multiInjectedProviderDiscovery: true,
    ssr: false,
  });
}
