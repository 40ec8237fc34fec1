import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { apiPost } from '../../lib/api/client';
import type { Purpose } from '../../lib/api/purposes';
import type { Level } from '../../lib/api/replies';
import { LOCAL_API_KEY } from '../../lib/env';
import { anvilAccount } from '../../stack/accounts';

/** A user driven from Node with the app's own API client and a real anvil key (for a second user). */
export function apiUser(index: number) {
  const account = anvilAccount(index);
  let guid: string | undefined;
  const call = <T>(path: string, payload: Record<string, string> = {}) =>
    apiPost<T>(path, payload, { baseUrl: process.env.API_URL!, apiKey: LOCAL_API_KEY, address: account.address, guid, language: 'en' });
  /** The wallet's signature of the server's challenge for this purpose and these fields. */
  const signed = async (purpose: Purpose = 'login', fields: Record<string, string> = {}) => {
    const { nonce, message } = await call<{ nonce: string; message: string }>('publicapi/getNonce', { purpose, ...fields });
    return { nonce, signature: await account.signMessage({ message }) };
  };
  return {
    address: account.address as Address,
    call,
    signed,
    async login() {
      guid = (await call<{ guid: string }>('publicapi/login', await signed())).guid;
    },
    /** Registers under the inviter (the reg challenge signed with the key), then logs in. */
    async register(intro: Address) {
      const fields = { intro_address: intro };
      await call('publicapi/reg', { ...fields, ...(await signed('reg', fields)) });
      guid = (await call<{ guid: string }>('publicapi/login', await signed())).guid;
    },
    /** Stakes the level of `wld` WLD for `days` days, as the app does (a signed investSave). */
    async stake(wld: string, days: string) {
      const { list } = await call<{ list: Level[] }>('investapi/invest');
      const level = list.find((l) => l.num === parseEther(wld).toString());
      const period = level?.infos.find((p) => p.day === days);
      if (!level || !period) throw new Error(`no level of ${wld} WLD for ${days} days`);
      const fields = { order_id: level.id, day_id: period.id };
      return call<{ pledge_id: string }>('investapi/investSave', { ...fields, ...(await signed('investSave', fields)) });
    },
    /** approve + recharge on the real Vault. */
    async recharge(wld: string) {
      const chain = { ...foundry, id: Number(process.env.CHAIN_ID), rpcUrls: { default: { http: [process.env.CHAIN_URL!] } } };
      const client = createPublicClient({ chain, transport: http() });
      const wallet = createWalletClient({ chain, account, transport: http() });
      await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther(wld)] }),
      });
      const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
      await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther(wld)], value: fee }),
      });
    },
  };
}

/** POSTs to the test stack's admin app (its own loopback port); a refused or failed call throws, naming the op. */
async function adminCall(path: string, body: unknown): Promise<{ result?: unknown }> {
  const res = await fetch(`${process.env.ADMIN_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
  const reply = (await res.json().catch(() => ({ error: `not JSON (HTTP ${res.status})` }))) as { result?: unknown; error?: string };
  if (!res.ok || reply.error !== undefined) throw new Error(`admin ${path} ${JSON.stringify(body)} failed: HTTP ${res.status} ${reply.error ?? ''}`);
  return reply;
}

/** An operator command on the test stack's server (e.g. root.add); throws when the server refuses it. */
export async function admin(op: string, ...args: string[]): Promise<{ result?: unknown; error?: undefined }> {
  return adminCall('/op', { op, args });
}

/** Moves the stack's server clock (and anvil's) forward and runs the jobs. */
export async function advanceDays(days: number) {
  await adminCall('/clock/advance', { seconds: Math.round(days * 86400) });
}

/**
 * Holds (or releases) the stack server's Vault indexer: while held nothing mined reaches the ledger; a release lets it
 * catch up. Resolves once a round under way has ended.
 */
export async function holdIndexer(held: boolean) {
  await adminCall('/indexer/hold', { held });
}
