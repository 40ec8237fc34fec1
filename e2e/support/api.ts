import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { apiPost } from '../../lib/api/client';
import type { Purpose } from '../../lib/api/purposes';
import type { Level } from '../../lib/api/replies';
import { LOCAL_API_KEY } from '../../lib/env';
import { anvilAccount } from '../../scripts/lib/accounts';

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
      await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther(wld)] }) });
      const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
      await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther(wld)], value: fee }) });
    },
  };
}

/** An operator command on the test stack's server (e.g. root.add). */
export async function admin(op: string, ...args: string[]) {
  const res = await fetch(`${process.env.API_URL}/admin/op`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.ADMIN_TOKEN}` },
    body: JSON.stringify({ op, args }),
  });
  return (await res.json()) as { result?: unknown; error?: string };
}

/** Moves the stack's server clock (and anvil's) forward and runs the jobs. */
export async function advanceDays(days: number) {
  const res = await fetch(`${process.env.API_URL}/admin/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.ADMIN_TOKEN}` },
    body: JSON.stringify({ seconds: Math.round(days * 86400) }),
  });
  if (!res.ok) throw new Error(`clock advance failed: ${res.status}`);
}
