import { createConfig, createConnector, http, injected } from 'wagmi';
import type { EnvConfig } from '../env';
import { chainOf } from './chain';

/**
 * wagmi's plain injected connector, except that a `window.ethereum` getter that throws (seen in in-app
 * browsers before their wallet is ready) reads as no provider instead of an uncaught error.
 */
function safeInjected() {
  const base = injected({ shimDisconnect: true });
  return createConnector((config) => {
    const connector = base(config);
    return {
      ...connector,
      async getProvider(...args: Parameters<typeof connector.getProvider>) {
        try {
          return await connector.getProvider(...args);
        } catch {
          return undefined as unknown as Awaited<ReturnType<typeof connector.getProvider>>;
        }
      },
    };
  });
}

/**
 * wagmi for the environment: injected wallets found through EIP-6963 (wagmi's multi-injected discovery)
 * plus the window.ethereum fallback, for MetaMask, TokenPocket and any EIP-1193 wallet.
 */
export function createWagmiConfig(env: EnvConfig, extraConnectors: ReturnType<typeof injected>[] = []) {
  const chain = chainOf(env);
  return createConfig({
    chains: [chain],
    connectors: [safeInjected(), ...extraConnectors],
    transports: { [chain.id]: http(env.rpcUrl) },
    multiInjectedProviderDiscovery: true,
    ssr: false,
  });
}
