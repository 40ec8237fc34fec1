import { type Address, type Hex, hashMessage, hexToBytes, keccak256 } from 'viem';
import { field } from '../../lib/api/fields';
import { type RecoverKey, recoverKey } from './recover-key';

/**
 * Whether `signature` is the wallet's personal_sign (EIP-191) of `message` by `address`'s key: the signer's
 * public key is recovered and its address compared. The recovery runs in libsecp256k1 (recover-key.ts),
 * natively or in WASM, many times faster than viem's JavaScript one, which also loads its curve with a dynamic
 * import on every call; it is the heaviest step of every signed write. A malformed signature is false.
 */
export function isSignedBy(message: string, signature: Hex, address: Address): boolean {
  return recoverSigner(message, signature) === address.toLowerCase();
}

/** The lower-case address whose key made `signature` over `message`, or null when none can be recovered. */
export const recoverSigner = recoverSignerWith(recoverKey);

/** recoverSigner over a given recovery (the tests hold each one to viem's answer). */
export function recoverSignerWith(recover: RecoverKey) {
  return (message: string, signature: Hex): string | null => {
    if (!field.signature.safeParse(signature).success) return null;
    const bytes = hexToBytes(signature);
    const v = bytes[64]!;
    // Wallets send v as 27/28 (legacy) or as the y-parity 0/1; anything else is no signature.
    const yParity = v >= 27 ? v - 27 : v;
    if (yParity !== 0 && yParity !== 1) return null;
    const publicKey = recover(hexToBytes(hashMessage(message)), bytes.subarray(0, 64), yParity);
    if (!publicKey) return null;
    return `0x${keccak256(publicKey.subarray(1)).slice(-40)}`;
  };
}
