import type { BrowserContext, Page } from '@playwright/test';
import { type Hex, createWalletClient, http, toHex } from 'viem';
import { foundry } from 'viem/chains';
import { z } from 'zod';
import { anvilAccount } from '../../stack/accounts';

type RpcError = { code: number; message: string; data?: unknown };

/** Requests a real wallet asks the user to confirm. */
const CONFIRMED = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]);

const TypedData = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.record(z.string(), z.unknown()),
  message: z.record(z.string(), z.unknown()),
});
type Request = { method: string; params?: unknown[] };

/**
 * Misbehaviours of real in-app wallet browsers (docs/e2e.md), switched on per test. Page-side ones
 * (how the provider is injected) are fixed at install; the others can change during a test (`misbehave`).
 */
export type Quirks = {
  /** How a switch to a chain the wallet does not know fails: 4902, MetaMask Mobile's -32603 wrapping it, or Trust's localized text with no code. */
  unknownChain?: '4902' | 'wrapped' | 'localized';
  /** wallet_addEthereumChain adds the chain but stays on the current one. */
  addWithoutSwitch?: boolean;
  /** A chain switch happens but no chainChanged event fires. */
  silentChainChange?: boolean;
  /** eth_requestAccounts answers -32002 'already pending' this many times (MetaMask Mobile after a cancelled connect). */
  pendingRequests?: number;
  /** eth_requestAccounts never answers, this many times (MetaMask iOS after a tab restore). */
  hangingRequests?: number;
  /** Accounts are answered in lowercase. */
  lowercaseAccounts?: boolean;
  /** personal_sign refuses a message that is not hex-encoded. */
  hexOnlySigning?: boolean;
  /** eth_sendTransaction answers a hash, but the transaction never reaches the chain (dropped). */
  dropTransactions?: boolean;
  /** Page side: window.ethereum appears only after this many ms (TokenPocket), with no EIP-6963 announcement. */
  injectAfterMs?: number;
  /** Page side: no EIP-6963 announcement, only window.ethereum. */
  noAnnouncement?: boolean;
  /** Page side: reading window.ethereum throws. */
  throwingGetter?: boolean;
  /** Page side: wallet flags on the provider, e.g. { isMetaMask: true, isTokenPocket: true }. */
  flags?: Record<string, boolean>;
  /** Page side: the provider has no removeListener (Trust). */
  noRemoveListener?: boolean;
};
type PageQuirks = Pick<Quirks, 'injectAfterMs' | 'noAnnouncement' | 'throwingGetter' | 'flags' | 'noRemoveListener'>;

/**
 * A real wallet for end-to-end tests: an EIP-1193 provider in the page (announced through EIP-6963 and set
 * as window.ethereum) whose requests are answered in Node by viem with an anvil key, so signatures,
 * transactions and events are real. Errors travel back as values and are rethrown in the page with their
 * code, because Playwright's bindings keep only the message of a thrown error.
 */
export class TestWallet {
  private accountIndex: number;
  private chainId: number;
  private readonly knownChains: Set<number>;
  private granted: boolean;
  /** Every method the page asked for, in order. */
  readonly requests: string[] = [];
  private rejecting?: (method: string) => boolean;
  private context?: BrowserContext;

  private quirks: Quirks;

  constructor(
    private readonly opts: {
      rpcUrl: string;
      appChainId: number;
      account?: number;
      chainId?: number;
      knowsAppChain?: boolean;
      granted?: boolean;
      quirks?: Quirks;
    },
  ) {
    this.quirks = { ...opts.quirks };
    // granted: the wallet remembers this site, so eth_accounts answers before any request (as MetaMask does).
    this.granted = opts.granted ?? false;
    this.accountIndex = opts.account ?? 1;
    this.chainId = opts.chainId ?? opts.appChainId;
    this.knownChains = new Set([1, ...(opts.knowsAppChain === false ? [] : [opts.appChainId])]);
  }

  get address() {
    return anvilAccount(this.accountIndex).address;
  }

  /** Switches wallet-side misbehaviours on or off during a test. */
  misbehave(quirks: Omit<Quirks, keyof PageQuirks>) {
    Object.assign(this.quirks, quirks);
  }

  /** The chain the wallet is on now (whether or not it told the page). */
  get currentChainId() {
    return this.chainId;
  }

  /** Installs the provider in every page of the context. */
  async install(context: BrowserContext) {
    this.context = context;
    await context.exposeBinding('__testWalletRequest', async (_source, request: Request) => {
      try {
        return { result: await this.handle(request) };
      } catch (error) {
        const e = error as RpcError & { noCode?: boolean };
        return { error: { code: e.noCode ? undefined : (e.code ?? -32603), message: e.message, data: e.data } };
      }
    });
    const pageQuirks: PageQuirks = {
      injectAfterMs: this.quirks.injectAfterMs,
      noAnnouncement: this.quirks.noAnnouncement,
      throwingGetter: this.quirks.throwingGetter,
      flags: this.quirks.flags,
      noRemoveListener: this.quirks.noRemoveListener,
    };
    await context.addInitScript((quirks: PageQuirks) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const w = window as unknown as Record<string, unknown>;
      const provider: Record<string, unknown> = {
        ...quirks.flags,
        isTestWallet: true,
        async request(args: { method: string; params?: unknown[] }) {
          const reply = await (
            w.__testWalletRequest as (r: unknown) => Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>
          )(args);
          if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
          return reply.result;
        },
        on(event: string, fn: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return provider;
        },
      };
      if (!quirks.noRemoveListener) {
        provider.removeListener = (event: string, fn: Listener) => {
          listeners.get(event)?.delete(fn);
          return provider;
        };
      }
      w.__testWalletEmit = (event: string, value: unknown) => listeners.get(event)?.forEach((fn) => fn(value));
      if (quirks.throwingGetter) {
        Object.defineProperty(window, 'ethereum', {
          configurable: true,
          get: () => {
            throw new Error('provider not ready');
          },
        });
        return;
      }
      if (quirks.injectAfterMs !== undefined) {
        setTimeout(() => {
          w.ethereum = provider;
          window.dispatchEvent(new Event('ethereum#initialized'));
        }, quirks.injectAfterMs);
        return;
      }
      w.ethereum = provider;
      if (quirks.noAnnouncement) return;
      const info = {
        uuid: 'b1f8c2de-0000-4000-8000-000000000001',
        name: 'Test Wallet',
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="%23f5c451"/></svg>',
        rdns: 'dev.test.wallet',
      };
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    }, pageQuirks);
  }

  /** The next connection request fails with 4001, as when the user presses Reject. */
  rejectNextConnection() {
    this.rejectNextRequest((method) => method === 'eth_requestAccounts' || method === 'wallet_requestPermissions');
  }

  /** The next request the user would confirm (or the next one `matches` picks) fails with 4001. */
  rejectNextRequest(matches: (method: string) => boolean = (method) => CONFIRMED.has(method)) {
    this.rejecting = matches;
  }

  /** The user picks another account in the wallet. */
  async switchAccount(index: number) {
    this.accountIndex = index;
    await this.emit('accountsChanged', [this.address]);
  }

  /** The user switches the wallet to another chain. */
  async switchChain(chainId: number) {
    this.chainId = chainId;
    await this.emit('chainChanged', toHex(chainId));
  }

  /** Fires a provider event in every open page, as the wallet extension would. */
  async emit(event: 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect', value: unknown) {
    const pages: Page[] = this.context?.pages() ?? [];
    await Promise.all(
      pages.map((page) =>
        page.evaluate(([e, v]) => (window as unknown as { __testWalletEmit?: (e: string, v: unknown) => void }).__testWalletEmit?.(e, v), [
          event,
          value,
        ] as const),
      ),
    );
  }

  private async handle({ method, params = [] }: Request): Promise<unknown> {
    this.requests.push(method);
    if (this.rejecting?.(method)) {
      this.rejecting = undefined;
      throw { code: 4001, message: 'User rejected the request.' };
    }
    const account = anvilAccount(this.accountIndex);
    const shown = this.quirks.lowercaseAccounts ? account.address.toLowerCase() : account.address;
    const q = this.quirks;
    switch (method) {
      case 'eth_requestAccounts':
        if (q.pendingRequests) {
          q.pendingRequests -= 1;
          throw { code: -32002, message: 'Request of type wallet_requestPermissions already pending for origin. Please wait.' };
        }
        if (q.hangingRequests) {
          q.hangingRequests -= 1;
          return new Promise(() => undefined);
        }
        this.granted = true;
        return [shown];
      case 'eth_accounts':
        return this.granted ? [shown] : [];
      case 'eth_chainId':
        return toHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'wallet_requestPermissions':
        this.granted = true;
        return [{ parentCapability: 'eth_accounts' }];
      case 'wallet_revokePermissions':
        this.granted = false;
        return null;
      case 'personal_sign':
        if (q.hexOnlySigning && !/^0x[0-9a-fA-F]*$/.test(String(params[0]))) throw { code: -32602, message: 'Invalid parameters: must provide a hex string' };
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_signTypedData_v4': {
        const typed = TypedData.parse(typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]);
        const { EIP712Domain: _domainType, ...types } = typed.types;
        return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as Parameters<
          typeof account.signTypedData
        >[0]);
      }
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId: string }).chainId);
        if (!this.knownChains.has(target)) {
          const unknown = { code: 4902, message: `Unrecognized chain ID ${target}. Try adding the chain using wallet_addEthereumChain first.` };
          if (q.unknownChain === 'wrapped') throw { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: unknown } };
          if (q.unknownChain === 'localized') throw { noCode: true, message: '未知的网络，请先添加该网络' };
          throw unknown;
        }
        if (q.silentChainChange) this.chainId = target;
        else await this.switchChain(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        // Like MetaMask: the added chain becomes the current one.
        const added = Number((params[0] as { chainId: string }).chainId);
        this.knownChains.add(added);
        if (!q.addWithoutSwitch) await this.switchChain(added);
        return null;
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex; chainId?: Hex };
        // Like MetaMask: a transaction naming another chain than the wallet's current one is refused.
        if (tx.chainId !== undefined && Number(tx.chainId) !== this.chainId)
          throw { code: -32602, message: `Invalid chainId: the transaction is for chain ${Number(tx.chainId)} but the wallet is on ${this.chainId}` };
        if (q.dropTransactions) return `0x${'d0'.repeat(32)}`;
        // Sent on the wallet's current chain: viem checks it against the node, so a transaction the app lets
        // through while the wallet is elsewhere fails here instead of quietly landing on the test chain.
        const client = createWalletClient({ account, chain: { ...foundry, id: this.chainId }, transport: http(this.opts.rpcUrl) });
        return client.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined, gas: tx.gas ? BigInt(tx.gas) : undefined });
      }
      default: {
        const res = await fetch(this.opts.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await res.json()) as { result?: unknown; error?: RpcError };
        if (body.error) throw body.error;
        return body.result;
      }
    }
  }
}
