import type { Address } from 'viem';

/**
 * The two environment configs of spec section 3 ("Chain config"). Production (Ethereum mainnet) is the
 * default for builds; `npm start` builds with NEXT_PUBLIC_APP_ENV=local. Addresses for local come from
 * abi/ (written by the deploy script); production values come from build-time configuration.
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
export const LOCAL_CHAIN_ID = 31337;
export const LOCAL_API_KEY = 'local-dev-api-key';
