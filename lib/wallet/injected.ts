/** The EIP-1193 surface the app reads from an injected wallet. */
export type InjectedProvider = {
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown>;
  on?: (event: string, fn: (...args: unknown[]) => void) => unknown;
  removeListener?: (event: string, fn: (...args: unknown[]) => void) => unknown;
} & Record<string, unknown>;

/**
 * `window.ethereum`, read safely: some in-app browsers define it with a getter that throws before the wallet
 * is ready; that counts as no wallet yet instead of an error that would blank the page.
 */
export function readInjected(win: unknown = typeof window === 'undefined' ? undefined : window): InjectedProvider | undefined {
  try {
    const provider = (win as { ethereum?: unknown } | undefined)?.ethereum;
    return provider && typeof (provider as InjectedProvider).request === 'function' ? (provider as InjectedProvider) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The wallet's own name from its flags. TokenPocket, OKX, Bitget, Trust and others also set `isMetaMask` for
 * compatibility, so that flag is read last and the app never branches on it.
 */
const NAMES: readonly (readonly [flag: string, name: string])[] = [
  ['isTokenPocket', 'TokenPocket'],
  ['isOkxWallet', 'OKX Wallet'],
  ['isOKExWallet', 'OKX Wallet'],
  ['isBitKeep', 'Bitget Wallet'],
  ['isBitgetWallet', 'Bitget Wallet'],
  ['isTrust', 'Trust Wallet'],
  ['isTrustWallet', 'Trust Wallet'],
  ['isImToken', 'imToken'],
  ['isCoinbaseWallet', 'Coinbase Wallet'],
  ['isRabby', 'Rabby'],
  ['isMetaMask', 'MetaMask'],
];

export function injectedWalletName(provider: Record<string, unknown> | undefined): string | undefined {
  if (!provider) return undefined;
  return NAMES.find(([flag]) => {
    try {
      return provider[flag] === true;
    } catch {
      return false;
    }
  })?.[1];
}

/** Probes, without asking the user, which accounts the wallet already grants this site (none when it does not answer in time). */
export async function grantedAccounts(provider: InjectedProvider | undefined, timeoutMs: number): Promise<string[]> {
  if (!provider) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<unknown>((resolve) => (timer = setTimeout(() => resolve([]), timeoutMs)));
  try {
    const accounts = await Promise.race([provider.request({ method: 'eth_accounts' }), timeout]);
    return Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)) : [];
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}
