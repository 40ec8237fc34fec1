import { type Address, type Hex, toHex, verifyMessage } from 'viem';
import { AppError } from '../errors';

/**
 * The wallet signs `personal_sign(toHex(nonce))`: the message is the nonce's UTF-8 bytes, sent hex-encoded.
 * Verified as { raw: toHex(nonce) } so EOAs and the wallet's own encoding agree.
 */
export async function assertSignedNonce(address: Address, nonce: string, signature: Hex): Promise<void> {
  const valid = await verifyMessage({ address, message: { raw: toHex(nonce) }, signature }).catch(() => false);
  if (!valid) throw new AppError('signatureInvalid');
}
