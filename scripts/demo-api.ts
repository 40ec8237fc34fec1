// `npm run demo:api`: walks the API the way the app does, against a running `npm run chain` + `npm run server`
// (LOCAL_MODE=1): sign-in, a real Vault recharge credited by the indexer, a stake, days passing, redemption.
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import type { Purpose, SignedAction } from '../lib/api/purposes';
import { signEnvelope } from '../lib/envelope';
import { LOCAL_API_KEY } from '../lib/env';
import { anvilAccount } from '../stack/accounts';
import { adminPost } from './lib/admin-client';

const api = process.env.API_URL ?? 'http://127.0.0.1:8787';
const rpc = process.env.CHAIN_URL ?? 'http://127.0.0.1:8545';
const account = anvilAccount(Number(process.env.DEMO_ACCOUNT ?? 3));
const root = anvilAccount(0);
let guid = '';

async function call(path: string, payload: Record<string, string> = {}) {
  const fields: Record<string, string> = { ...payload, ust: String(Math.floor(Date.now() / 1000)), language: 'en', address: account.address };
  if (guid) fields.guid = guid;
  fields.sign = signEnvelope(fields, process.env.API_KEY ?? LOCAL_API_KEY);
  const res = await fetch(`${api}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const reply = (await res.json()) as { status: number; info: string; data: Record<string, unknown> };
  console.log(`${path} → ${JSON.stringify(reply).slice(0, 300)}`);
  return reply;
}
/** The wallet's signature of the server's challenge (printed: it is what a wallet would show). */
const signed = async (purpose: Purpose = 'login', fields: Record<string, string> = {}) => {
  const { nonce, message } = (await call('publicapi/getNonce', { purpose, ...fields })).data as { nonce: string; message: string };
  console.log(message.replace(/^/gm, '    '));
  return { nonce, signature: await account.signMessage({ message }) };
};
/** A signed action: its challenge, then the call. */
const act = async (action: SignedAction, fields: Record<string, string>) => call(`investapi/${action}`, { ...fields, ...(await signed(action, fields)) });

const intro = { intro_address: root.address };
if ((await call('publicapi/getUserExist')).info === '301') await call('publicapi/reg', { ...intro, ...(await signed('reg', intro)) });
guid = String((await call('publicapi/login', await signed())).data.guid);
await call('userapi/getUserInfo');

const chain = { ...foundry, rpcUrls: { default: { http: [rpc] } } };
const client = createPublicClient({ chain, transport: http(rpc) });
const wallet = createWalletClient({ chain, account, transport: http(rpc) });
const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
await client.waitForTransactionReceipt({
  hash: await wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther('150')] }),
});
const tx = await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther('150')], value: fee });
console.log(`recharge tx ${tx} (fee ${fee} wei) mined in block ${(await client.waitForTransactionReceipt({ hash: tx })).blockNumber}`);
for (let i = 0; i < 60; i++) {
  if ((await call('userapi/getBalance')).data.balance !== '0') break;
  await new Promise((r) => setTimeout(r, 1000)); // the indexer credits once the block is confirmed
}

const levels = (await call('investapi/invest')).data.list as { id: string; infos: { id: string; day: string }[] }[];
const level = levels[0]!;
const period = level.infos[0]!;
await act('investSave', { order_id: level.id, day_id: period.id });

const advance = async (days: number) => {
  const reply = await adminPost('/clock/advance', { seconds: days * 86400 });
  if (!reply || reply.error)
    throw new Error(`clock.advance failed (${reply?.error ?? 'no admin endpoint answered'}): is the server in LOCAL_MODE, and ADMIN_TOKEN_FILE right?`);
  console.log(`clock.advance ${days} d → ${JSON.stringify(reply.result)}`);
  guid = String((await call('publicapi/login', await signed())).data.guid); // sessions last 7 days
};
await advance(3);
await call('userapi/getBalance');
await advance(Number(period.day) - 3);
const expire = await call('investapi/getInvestExpire');
const pledgeId = String(expire.data.pledge_id);
await call('investapi/getInvestList', { page: '1', limit: '5' });
await act('applyRedeem', { pledge_id: pledgeId });
await act('confirmRedeem', { pledge_id: pledgeId });
await call('userapi/getBalance');
