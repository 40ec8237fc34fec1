import { type Address, createWalletClient, encodeFunctionData, http, parseEther, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { injected } from 'wagmi';
import { wldTokenAbi } from '../../abi';
import type { EnvConfig } from '../env';
import { LOCAL_KEYS } from '../storage-keys';
import { chainOf } from './chain';

// Local chain only: this module is imported behind a build-time check and is absent from production builds.
const KEY = LOCAL_KEYS.burnerKey;
const AUTHORIZED = LOCAL_KEYS.burnerAuthorized;
const FUNDER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // anvil's first account, owner of the local WLD

type Request = { method: string; params?: unknown[] };

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as T;
}

/** A key kept in this browser, funded with ETH and 10 000 WLD from the local chain the first time. */
export function burnerProvider(env: EnvConfig, storage: Storage = window.localStorage) {
  const key = (storage.getItem(KEY) as Hex | null) ?? generatePrivateKey();
  storage.setItem(KEY, key);
  const account = privateKeyToAccount(key);
  const wallet = createWalletClient({ account, chain: chainOf(env), transport: http(env.rpcUrl) });
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  async function fund() {
    const balance = BigInt(await rpc<string>(env.rpcUrl, 'eth_getBalance', [account.address, 'latest']));
    if (balance > 0n) return;
    await rpc(env.rpcUrl, 'anvil_setBalance', [account.address, toHex(parseEther('100'))]);
    await rpc(env.rpcUrl, 'anvil_impersonateAccount', [FUNDER]);
    const data = encodeFunctionData({ abi: wldTokenAbi, functionName: 'transfer', args: [account.address, parseEther('10000')] });
    await rpc(env.rpcUrl, 'eth_sendTransaction', [{ from: FUNDER, to: env.tokenAddress, data }]);
    await rpc(env.rpcUrl, 'anvil_stopImpersonatingAccount', [FUNDER]);
  }

  const provider = {
    async request({ method, params = [] }: Request): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
          await fund();
          storage.setItem(AUTHORIZED, '1');
          return [account.address];
        case 'eth_accounts':
          // Like a real wallet: no account until this site was granted one (so nothing auto-connects).
          return storage.getItem(AUTHORIZED) ? [account.address] : [];
        case 'wallet_revokePermissions':
          storage.removeItem(AUTHORIZED);
          return null;
        case 'eth_chainId':
          return toHex(env.chainId);
        case 'personal_sign':
          return account.signMessage({ message: { raw: params[0] as Hex } });
        case 'eth_sendTransaction': {
          const tx = params[0] as { to: Address; data?: Hex; value?: Hex; gas?: Hex };
          return wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined, gas: tx.gas ? BigInt(tx.gas) : undefined });
        }
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain':
          return null;
        default:
          return rpc(env.rpcUrl, method, params);
      }
    },
    on: (event: string, fn: (...args: unknown[]) => void) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event))!.add(fn),
    removeListener: (event: string, fn: (...args: unknown[]) => void) => void listeners.get(event)?.delete(fn),
  };
  return provider;
}

/** The burner as a wagmi connector. */
export const burnerConnector = (env: EnvConfig) =>
  injected({ target: () => ({ id: 'burner', name: 'Burner wallet (local)', provider: burnerProvider(env) as never }) });
