import fc from 'fast-check';
import { type Hex, recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { nativeRecoverKey, recoverKey, wasmRecoverKey } from '../auth/recover-key';
import { isSignedBy, recoverSignerWith } from '../auth/signer';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const viemSigner = (message: string, signature: Hex) =>
  recoverMessageAddress({ message, signature }).then(
    (a) => a.toLowerCase(),
    () => null,
  );
const hex32 = (n: bigint) => n.toString(16).padStart(64, '0');

describe('the signer recovers with the native library where its prebuilt binary runs', () => {
  it.runIf(process.platform === 'linux' && process.arch === 'x64')('loads it on linux-x64 and uses it', () => {
    expect(nativeRecoverKey).not.toBeNull();
    expect(recoverKey).toBe(nativeRecoverKey);
  });
});

describe.each([
  ['native', nativeRecoverKey],
  ['WASM', wasmRecoverKey],
] as const)('recoverSigner (libsecp256k1, %s) agrees with viem on every signature', (_, recover) => {
  if (!recover) return void it.skip('has no binary for this platform');
  const recoverSigner = recoverSignerWith(recover);

  it('recovers the signing wallet, in both v encodings, and rejects it for another address or message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.constantFrom(27, 0), async (message, vBase) => {
        const account = privateKeyToAccount(generatePrivateKey());
        const legacy = await account.signMessage({ message });
        const v = Number.parseInt(legacy.slice(130), 16) - 27 + vBase;
        const signature = `${legacy.slice(0, 130)}${v.toString(16).padStart(2, '0')}` as Hex;
        expect(recoverSigner(message, signature)).toBe(account.address.toLowerCase());
        expect(isSignedBy(message, signature, account.address)).toBe(true);
        expect(isSignedBy(`${message}.`, signature, account.address)).toBe(false);
        expect(isSignedBy(message, signature, privateKeyToAccount(generatePrivateKey()).address)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('gives what viem gives for the high-s twin of a signature and for arbitrary 65 bytes', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const good = await account.signMessage({ message: 'm' });
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const twinV = good.endsWith('1b') ? '1c' : '1b';
    const twin = `${good.slice(0, 66)}${hex32(N - s)}${twinV}` as Hex;
    expect(recoverSigner('m', twin)).toBe(await viemSigner('m', twin));
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 65, maxLength: 65 }), fc.constantFrom(0, 1, 27, 28, 29, 255), async (bytes, v) => {
        bytes[64] = v;
        const signature = `0x${Buffer.from(bytes).toString('hex')}` as Hex;
        expect(recoverSigner('m', signature)).toBe(await viemSigner('m', signature));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not 65 bytes of hex, and r or s of zero or past the curve order', async () => {
    const good = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: 'm' });
    for (const bad of [
      good.slice(0, 130),
      `${good}00`,
      `${good.slice(0, 129)}g`,
      `0x${'0'.repeat(130)}`,
      `0x${hex32(N)}${good.slice(66)}`,
      `${good.slice(0, 66)}${hex32(N)}1b`,
    ]) {
      expect(recoverSigner('m', bad as Hex)).toBeNull();
    }
  });
});
