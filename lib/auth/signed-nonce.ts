import { type Hex, toHex } from 'viem';

/** What the wallet signs for a nonce: personal_sign over its hex encoding (spec section 7). */
export const nonceMessage = (nonce: string) => ({ raw: toHex(nonce) });

/** getNonce → the wallet's signature over it: the pair a signed call carries as `nonce` and `signature`. */
export async function signFreshNonce(getNonce: () => Promise<{ nonce: string }>, signNonce: (nonce: string) => Promise<Hex>) {
  const { nonce } = await getNonce();
  return { nonce, signature: await signNonce(nonce) };
}
