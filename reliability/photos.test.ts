import { createPublicClient, createWalletClient, http } from 'viem';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { signEnvelope } from '../lib/envelope';
import { anvilAccount } from '../stack/accounts';
import { runOp } from '../server/admin/ops';
import { API_KEY, ADMIN_TOKEN, type ServerProcess, adminOp, startServer } from './support/server';
import { type Reply, call, joinAndLogin } from './support/client';
import { chainAndDatabase } from './support/stack';

const stack = chainAndDatabase();
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill('SIGTERM');
});

/** The app's signed multipart upload of one photo to `apiUrl`. */
async function upload(apiUrl: string, address: string, guid: string, bytes: Buffer): Promise<Reply> {
  const fields: Record<string, string> = { ust: String(Math.floor(Date.now() / 1000)), language: 'en', address, guid };
  fields.sign = signEnvelope(fields, API_KEY);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'office.jpg');
  const res = await fetch(`${apiUrl}/api/v1/communityapi/uploadPhoto`, { method: 'POST', body: form });
  const json = (await res.json()) as Reply;
  return { ...json, http: res.status };
}

describe('community photos on two server processes without a shared folder', () => {
  it('a photo uploaded through one server is accepted and served by the other, from PostgreSQL', async () => {
    const {
      anvil,
      chain,
      url,
      database: { db },
    } = stack;
    const owner = anvilAccount(0);
    const member = anvilAccount(6);
    const receiver = anvilAccount(5).address;
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await createWalletClient({ chain, account: owner, transport: http(anvil.rpcUrl) }).writeContract({
        address: LOCAL_VAULT,
        abi: vaultAbi,
        functionName: 'addReceiver',
        args: [receiver],
      }),
    });
    await runOp(db, 'root.add', [member.address]);
    await runOp(db, 'community.rule', ['member']);

    // Two processes with nothing on disk in common: no UPLOAD_DIR, each its own working state.
    servers.push(...(await Promise.all([1, 2].map(() => startServer({ databaseUrl: url, chainUrl: anvil.rpcUrl })))));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const guid = await joinAndLogin(a.apiUrl, member);

    const ids: string[] = [];
    for (const shade of [40, 120, 200]) {
      const jpeg = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: shade, g: 90, b: 30 } } })
        .jpeg()
        .toBuffer();
      const reply = await upload(a.apiUrl, member.address, guid, jpeg);
      expect(reply, reply.info).toMatchObject({ status: 1, data: { width: '96', height: '64' } });
      ids.push(String(reply.data.photo_id));
    }

    const amount = BigInt(String((await call(b.apiUrl, 'communityapi/getApplyInfo', member.address, {}, guid)).data.amount));
    expect(amount).toBeGreaterThan(0n);
    const payment = await createWalletClient({ chain, account: member, transport: http(anvil.rpcUrl) }).writeContract({
      address: LOCAL_TOKEN,
      abi: wldTokenAbi,
      functionName: 'transfer',
      args: [receiver, amount],
    });
    await client.waitForTransactionReceipt({ hash: payment });

    const form = { receiver, community_address: LOCAL_TOKEN, province: '44', city: '4403', photos: ids.join(',') };
    expect(await call(b.apiUrl, 'communityapi/checkApply', member.address, form, guid)).toMatchObject({ status: 1 });
    const applied = await call(b.apiUrl, 'communityapi/apply', member.address, { ...form, pay_hash: payment }, guid);
    expect(applied).toMatchObject({ http: 200, status: 1 });

    // The operator reads the application and its photos through the server that did not take the upload.
    const [listed] = (await adminOp(b, 'applications.list', ['pending'])) as { photos: string[]; pay_hash: string }[];
    expect(listed).toMatchObject({ photos: ids, pay_hash: payment });
    for (const id of ids) {
      const res = await fetch(`${b.adminUrl}/admin/community/photos/${id}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 96, height: 64 });
    }
    const unknown = await fetch(`${b.adminUrl}/admin/community/photos/${'0'.repeat(32)}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(unknown.status).toBe(404);
    for (const server of servers) expect(server.process.exitCode).toBeNull();
  });
});
