import { createRequire } from 'node:module';
import { recover } from 'tiny-secp256k1';

/** The uncompressed public key (65 bytes) whose key made the 64-byte r‖s over `hash`, or null when none can be recovered. */
export type RecoverKey = (hash: Uint8Array, rs: Uint8Array, yParity: 0 | 1) => Uint8Array | null;

type NativeSecp256k1 = { ecdsaRecover(signature: Uint8Array, recid: number, hash: Uint8Array, compressed: boolean): Uint8Array };

/** libsecp256k1 compiled to WASM (tiny-secp256k1): on any platform, the slower of the two (docs/decisions.md). */
export const wasmRecoverKey: RecoverKey = (hash, rs, yParity) => {
  try {
    return recover(hash, rs, yParity, false);
  } catch {
    return null; // r or s out of range, or not a point on the curve
  }
};

/**
 * The same library as a native addon: the secp256k1 package's prebuilt binary (linux-x64, darwin-arm64,
 * win32-x64), several times faster than WASM, loaded straight from its bindings so that a platform without a binary
 * gets null here instead of the package's own JavaScript fallback (elliptic, several times slower than WASM).
 * Nothing is compiled at install: the binary ships in the package.
 */
export const nativeRecoverKey: RecoverKey | null = (() => {
  let native: NativeSecp256k1;
  try {
    native = createRequire(import.meta.url)('secp256k1/bindings') as NativeSecp256k1;
  } catch {
    return null;
  }
  return (hash, rs, yParity) => {
    try {
      return native.ecdsaRecover(rs, yParity, hash, false);
    } catch {
      return null; // the library refuses r or s out of range and a point not on the curve alike
    }
  };
})();

/** The fastest recovery this platform has. */
export const recoverKey: RecoverKey = nativeRecoverKey ?? wasmRecoverKey;
