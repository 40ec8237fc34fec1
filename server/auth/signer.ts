import { recover } from 'tiny-secp256k1';
import { type Address, type Hex, hashMessage, hexToBytes, keccak256 } from 'viem';
import { field } from '../../lib/api/fields';

/**
 * Whether `signature` is the wallet's personal_sign (EIP-191) of `message` by `address`'s key: the signer's
 * public key is recovered and its address compared. The recovery runs in libsecp256k1 compiled to WASM
 * (tiny-secp256k1), about 8 times faster than viem's JavaScript one, which also loads its curve with a dynamic
 * import on every call; it is the heaviest step of every signed write. A malformed signature is false.
 */
export function isSignedBy(message: string, signature: Hex, address: Address): boolean {
  return recoverSigner(message, signature) === address.toLowerCase();
}

/** The lower-case address whose key made `signature` over `message`, or null when none can be recovered. */
export function recoverSigner(message: string, signature: Hex): string | null {
  if (!field.signature.safeParse(signature).success) return null;
  const bytes = hexToBytes(signature);
  const v = bytes[64]!;
  // Wallets send v as 27/28 (legacy) or as the y-parity 0/1; anything else is no signature.
  const yParity = v >= 27 ? v - 27 : v;
  if (yParity !== 0 && yParity !== 1) return null;
  let publicKey: Uint8Array | null;
  try {
    publicKey = recover(hexToBytes(hashMessage(message)), bytes.subarray(0, 64), yParity, false);
  } catch {
    return null; // r or s out of range, or not a point on the curve
  }
  if (!publicKey) return null;
  return `0x${keccak256(publicKey.subarray(1)).slice(-40)}`;
}
