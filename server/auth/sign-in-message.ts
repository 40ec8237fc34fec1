import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';

export type SignInMessage = { origin: string; address: Address; statement: string; chainId: number; nonce: string; issuedAt: Date; expiresAt: Date };

/**
 * An EIP-4361 (Sign-In with Ethereum) message: the wallet shows the site, the account, what signing does,
 * the chain, the nonce and its validity, instead of a bare hex string.
 */
export function signInMessage(m: SignInMessage): string {
  const url = new URL(m.origin);
  return createSiweMessage({
    domain: url.host,
    uri: url.origin,
    address: m.address,
    statement: m.statement,
    version: '1',
    chainId: m.chainId,
    nonce: m.nonce,
    issuedAt: m.issuedAt,
    expirationTime: m.expiresAt,
  });
}
