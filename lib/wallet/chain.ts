import { defineChain } from 'viem';
import { mainnet } from 'viem/chains';
import type { EnvConfig } from '../env';

/** The chain of the environment: Ethereum mainnet in production, the local anvil chain otherwise. */
export function chainOf(env: EnvConfig) {
  if (env.chainId === 1) return { ...mainnet, rpcUrls: { default: { http: [env.rpcUrl] } } };
  return defineChain({
    id: env.chainId,
    name: env.chainName,
    nativeCurrency: { name: 'Ether', symbol: env.symbol, decimals: env.decimals },
    rpcUrls: { default: { http: [env.rpcUrl] } },
  });
}

/** wallet_addEthereumChain parameters for wallets that do not know the chain (4902). */
export function addChainParams(env: EnvConfig) {
  return {
    chainId: `0x${env.chainId.toString(16)}`,
    chainName: env.chainName,
    nativeCurrency: { name: 'Ether', symbol: env.symbol, decimals: env.decimals },
    rpcUrls: [env.rpcUrl],
  };
}

/** True when the error (or a nested one, as some wallets wrap it in -32603) says the chain is unknown. */
export function isUnknownChain(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && typeof e === 'object' && i < 8; i++) {
    const link = e as { code?: unknown; cause?: unknown; data?: { originalError?: unknown } };
    if (link.code === 4902) return true;
    e = link.cause ?? link.data?.originalError;
  }
  return false;
}
