import { type Address, type EIP1193Provider, createWalletClient, custom, getAddress } from 'viem';
import type { PayoutTypedData } from '../../lib/console-api/replies';

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

type Wallet = {
  address: Address;
  /** personal_sign of a text (the sign-in message). */
  sign: (message: string) => Promise<`0x${string}`>;
  /** eth_signTypedData_v4 of a payout approval (the Vault checks the signature). */
  signPayout: (typed: PayoutTypedData) => Promise<`0x${string}`>;
};

/** The browser wallet (window.ethereum), asked for its account; null when there is none. */
export async function connectWallet(): Promise<Wallet | null> {
  const provider = typeof window === 'undefined' ? undefined : window.ethereum;
  if (!provider) return null;
  const client = createWalletClient({ transport: custom(provider) });
  const [first] = await client.requestAddresses();
  if (!first) return null;
  const address = getAddress(first);
  return {
    address,
    sign: (message) => client.signMessage({ account: address, message }),
    signPayout: ({ domain, types, primaryType, message }) =>
      client.signTypedData({
        account: address,
        domain,
        types,
        primaryType,
        message: { requestId: BigInt(message.requestId), requester: message.requester, amount: BigInt(message.amount) },
      }),
  };
}
