import type { BrowserContext, Page } from '@playwright/test';
import { type Hex, createWalletClient, http, toHex } from 'viem';
import { foundry } from 'viem/chains';
import { z } from 'zod';
import { anvilAccount } from '../../scripts/lib/accounts';

type RpcError = { code: number; message: string; data?: unknown };

/** Requests a real wallet asks the user to confirm. */
const CONFIRMED = new Set(['eth_requestAccounts', 'wallet_requestPermissions', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']);

const TypedData = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.record(z.string(), z.unknown()),
  message: z.record(z.string(), z.unknown()),
});
type Request = { method: string; params?: unknown[] };

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

  constructor(private readonly opts: { rpcUrl: string; appChainId: number; account?: number; chainId?: number; knowsAppChain?: boolean; granted?: boolean }) {
    // granted: the wallet remembers this site, so eth_accounts answers before any request (as MetaMask does).
    this.granted = opts.granted ?? false;
    this.accountIndex = opts.account ?? 1;
    this.chainId = opts.chainId ?? opts.appChainId;
    this.knownChains = new Set([1, ...(opts.knowsAppChain === false ? [] : [opts.appChainId])]);
  }

  get address() {
    return anvilAccount(this.accountIndex).address;
  }

  /** Installs the provider in every page of the context. */
  async install(context: BrowserContext) {
    this.context = context;
    await context.exposeBinding('__testWalletRequest', async (_source, request: Request) => {
      try {
        return { result: await this.handle(request) };
      } catch (error) {
        const e = error as RpcError;
        return { error: { code: e.code ?? -32603, message: e.message, data: e.data } };
      }
    });
    await context.addInitScript(() => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const w = window as unknown as Record<string, unknown>;
      const provider = {
        isTestWallet: true,
        async request(args: { method: string; params?: unknown[] }) {
          const reply = (await (w.__testWalletRequest as (r: unknown) => Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>)(args));
          if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
          return reply.result;
        },
        on(event: string, fn: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return provider;
        },
        removeListener(event: string, fn: Listener) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      w.__testWalletEmit = (event: string, value: unknown) => listeners.get(event)?.forEach((fn) => fn(value));
      w.ethereum = provider;
      const info = { uuid: 'b1f8c2de-0000-4000-8000-000000000001', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="%23f5c451"/></svg>', rdns: 'dev.test.wallet' };
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    });
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
    await Promise.all(pages.map((page) => page.evaluate(([e, v]) => (window as unknown as { __testWalletEmit?: (e: string, v: unknown) => void }).__testWalletEmit?.(e, v), [event, value] as const)));
  }

  private async handle({ method, params = [] }: Request): Promise<unknown> {
    this.requests.push(method);
    if (this.rejecting?.(method)) {
      this.rejecting = undefined;
      throw { code: 4001, message: 'User rejected the request.' };
    }
    const account = anvilAccount(this.accountIndex);
    switch (method) {
      case 'eth_requestAccounts':
        this.granted = true;
        return [account.address];
      case 'eth_accounts':
        return this.granted ? [account.address] : [];
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
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_signTypedData_v4': {
        const typed = TypedData.parse(typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]);
        const { EIP712Domain: _domainType, ...types } = typed.types;
        return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as Parameters<typeof account.signTypedData>[0]);
      }
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId: string }).chainId);
        if (!this.knownChains.has(target)) throw { code: 4902, message: `Unrecognized chain ID ${target}. Try adding the chain using wallet_addEthereumChain first.` };
        await this.switchChain(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        // Like MetaMask: the added chain becomes the current one.
        const added = Number((params[0] as { chainId: string }).chainId);
        this.knownChains.add(added);
        await this.switchChain(added);
        return null;
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const client = createWalletClient({ account, chain: { ...foundry, id: this.opts.appChainId }, transport: http(this.opts.rpcUrl) });
        return client.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined, gas: tx.gas ? BigInt(tx.gas) : undefined });
      }
      default: {
        const res = await fetch(this.opts.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
        const body = (await res.json()) as { result?: unknown; error?: RpcError };
        if (body.error) throw body.error;
        return body.result;
      }
    }
  }
}
