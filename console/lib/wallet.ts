import { type Address, type EIP1193Provider, createWalletClient, custom, getAddress } from 'viem';

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

/** The browser wallet (window.ethereum), asked for its account; null when there is none. */
export async function connectWallet(): Promise<{ address: Address; sign: (message: string) => Promise<`0x${string}`> } | null> {
  const provider = typeof window === 'undefined' ? undefined : window.ethereum;
  if (!provider) return null;
  const client = createWalletClient({ transport: custom(provider) });
  const [first] = await client.requestAddresses();
  if (!first) return null;
  const address = getAddress(first);
  return { address, sign: (message) => client.signMessage({ account: address, message }) };
}
