import { describe, expect, it } from 'vitest';
import { grantedAccounts, injectedWalletName, readInjected } from './injected';

const provider = (flags: Record<string, unknown> = {}, accounts: unknown = []) => ({ request: async () => accounts, ...flags });

describe('injected wallet', () => {
  it('reads window.ethereum, and a getter that throws as no wallet', () => {
    const p = provider();
    expect(readInjected({ ethereum: p })).toBe(p);
    expect(readInjected({})).toBeUndefined();
    expect(readInjected({ ethereum: {} })).toBeUndefined();
    const throwing = Object.defineProperty({}, 'ethereum', {
      get: () => {
        throw new Error('not ready');
      },
    });
    expect(readInjected(throwing)).toBeUndefined();
  });

  it('names the wallet from its own flag, never from isMetaMask when another flag is set', () => {
    expect(injectedWalletName(provider({ isMetaMask: true, isTokenPocket: true }))).toBe('TokenPocket');
    expect(injectedWalletName(provider({ isMetaMask: true, isOkxWallet: true }))).toBe('OKX Wallet');
    expect(injectedWalletName(provider({ isMetaMask: true, isBitKeep: true }))).toBe('Bitget Wallet');
    expect(injectedWalletName(provider({ isMetaMask: true }))).toBe('MetaMask');
    expect(injectedWalletName(provider())).toBeUndefined();
  });

  it('probes granted accounts without asking, and gives up on a wallet that does not answer', async () => {
    const a = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    expect(await grantedAccounts(provider({}, [a.toLowerCase()]), 100)).toEqual([a.toLowerCase()]);
    expect(await grantedAccounts(provider({}, 'nonsense'), 100)).toEqual([]);
    expect(await grantedAccounts({ request: () => new Promise(() => undefined) }, 20)).toEqual([]);
    expect(await grantedAccounts({ request: () => Promise.reject(new Error('locked')) }, 20)).toEqual([]);
    expect(await grantedAccounts(undefined, 20)).toEqual([]);
  });
});
