import type { Hex } from 'viem';
import type { Challenge } from '../api/replies';

/**
 * getNonce → the wallet's personal signature of the challenge's readable message: the pair a signed call
 * carries back as `nonce` and `signature`.
 */
export async function signChallenge(getChallenge: () => Promise<Challenge>, signMessage: (message: string) => Promise<Hex>) {
  const { nonce, message } = await getChallenge();
  return { nonce, signature: await signMessage(message) };
}
