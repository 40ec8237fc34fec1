import type { Address } from 'viem';
import { LOCAL_TOKEN, LOCAL_VAULT } from '../abi/addresses';
import { LOCAL_API_KEY, LOCAL_API_PORT, LOCAL_CHAIN_ID } from './local-stack';

export { LOCAL_API_KEY, LOCAL_CHAIN_ID } from './local-stack';

/**
 * The two environment configs of spec section 3 ("Chain config"). Production (Ethereum mainnet) is the
 * default for builds; `npm start` builds with NEXT_PUBLIC_APP_ENV=local. Addresses for local come from
 * abi/ (written by the deploy script); production values come from build-time configuration, which a
 * production build must have: without NEXT_PUBLIC_API_URL, NEXT_PUBLIC_API_KEY or NEXT_PUBLIC_VAULT_ADDRESS it stops
 * (lib/build-settings.mjs, from next.config.mjs), so the fallbacks below never reach a production export.
 */
export type EnvName = 'production' | 'local';

export type EnvConfig = {
  name: EnvName;
  chainId: number;
  chainName: string;
  rpcUrl: string;
  decimals: 18;
  symbol: 'ETH';
  tokenSymbol: 'WLD';
  tokenAddress: Address;
  vaultAddress: Address;
  apiKey: string;
  apiBaseUrl: string;
};

export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';
/** Worldcoin's WLD on Ethereum mainnet. */
export const MAINNET_WLD: Address = '0x163f8C2467924be0ae7B5347228CABF260318753';

// Literal process.env.NEXT_PUBLIC_* reads: Next inlines them into the static export at build time.
const configured = {
  appEnv: process.env.NEXT_PUBLIC_APP_ENV,
  apiUrl: process.env.NEXT_PUBLIC_API_URL,
  apiKey: process.env.NEXT_PUBLIC_API_KEY,
  rpcUrl: process.env.NEXT_PUBLIC_RPC_URL,
  vault: process.env.NEXT_PUBLIC_VAULT_ADDRESS,
  chainId: process.env.NEXT_PUBLIC_CHAIN_ID,
};

const asAddress = (value: string | undefined, fallback: Address): Address => (value && /^0x[0-9a-fA-F]{40}$/.test(value) ? (value as Address) : fallback);

export const ENVIRONMENTS: Record<EnvName, EnvConfig> = {
  production: {
    name: 'production',
    chainId: 1,
    chainName: 'Ethereum',
    rpcUrl: configured.rpcUrl ?? 'https://cloudflare-eth.com',
    decimals: 18,
    symbol: 'ETH',
    tokenSymbol: 'WLD',
    tokenAddress: MAINNET_WLD,
    vaultAddress: asAddress(configured.vault, ZERO_ADDRESS),
    apiKey: configured.apiKey ?? '',
    apiBaseUrl: configured.apiUrl ?? '',
  },
  local: {
    name: 'local',
    chainId: Number(configured.chainId ?? LOCAL_CHAIN_ID),
    chainName: 'Anvil (local)',
    rpcUrl: configured.rpcUrl ?? 'http://127.0.0.1:8545',
    decimals: 18,
    symbol: 'ETH',
    tokenSymbol: 'WLD',
    tokenAddress: LOCAL_TOKEN,
    vaultAddress: LOCAL_VAULT,
    apiKey: configured.apiKey ?? LOCAL_API_KEY,
    apiBaseUrl: configured.apiUrl ?? `http://127.0.0.1:${LOCAL_API_PORT}`,
  },
};

/** The active environment: production unless the build was made with NEXT_PUBLIC_APP_ENV=local. */
export const env: EnvConfig = ENVIRONMENTS[configured.appEnv === 'local' ? 'local' : 'production'];
