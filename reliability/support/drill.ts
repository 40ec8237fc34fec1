import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { anvilAccount } from '../../stack/accounts';
import { type Reply, call, joinAndLogin, signedFields } from './client';
import { type ServerProcess, adminOp, until } from './server';

export type Member = { account: LocalAccount; guid: string };

/** A member's wallet on the drill's chain: recharge, and the money-out requests the server indexes. */
function walletOf(rpcUrl: string, account: LocalAccount) {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const wallet = createWalletClient({ chain, account, transport: http(rpcUrl) });
  const fee = () => client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
  const mined = async (hash: Promise<`0x${string}`>) => client.waitForTransactionReceipt({ hash: await hash });
  return {
    recharge: async (wld: string) => {
      await mined(wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther(wld)] }));
      await mined(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther(wld)], value: await fee() }));
    },
    withdraw: async (wld: string) =>
      mined(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [parseEther(wld)], value: await fee() })),
    transfer: async (to: Address, wld: string) =>
      mined(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestTransfer', args: [to, parseEther(wld)], value: await fee() })),
  };
}

const ok = (what: string, reply: Reply) => {
  if (reply.status !== 1) throw new Error(`${what}: ${reply.info}`);
  return reply;
};

/** The signed stake of the API (investSave) at a level and period of `invest`'s list; its pledge id. */
export async function stakeAt(server: ServerProcess, member: Member, levelNum: string, day: string): Promise<string> {
  const levels = ok('invest', await call(server.apiUrl, 'investapi/invest', member.account.address)).data.list as {
    id: string;
    num: string;
    infos: { id: string; day: string }[];
  }[];
  const level = levels.find((l) => l.num === parseEther(levelNum).toString())!;
  const fields = { order_id: level.id, day_id: level.infos.find((p) => p.day === day)!.id };
  const saved = await call(
    server.apiUrl,
    'investapi/investSave',
    member.account.address,
    await signedFields(server.apiUrl, member.account, 'investSave', fields, member.guid),
    member.guid,
  );
  return String(ok('investSave', saved).data.pledge_id);
}

const balanceOf = async (server: ServerProcess, m: Member) =>
  BigInt(String(ok('getBalance', await call(server.apiUrl, 'userapi/getBalance', m.account.address, {}, m.guid)).data.balance));

/**
 * What the drill backs up, all through a real server process: six members in a referral tree (registered and
 * signed in with their signatures), each recharging 300 WLD on chain and staking through the signed API, two
 * withdrawals (one then rejected by the operator, its hold released) and a transfer, indexed from the chain.
 */
export async function loadMembers(server: ServerProcess, rpcUrl: string): Promise<Member[]> {
  await adminOp(server, 'level.add', ['100', '10:1', '30:0.5']);
  await adminOp(server, 'level.add', ['10', '10:1']);
  await adminOp(server, 'level.add', ['1', '10:1']);
  const accounts = [1, 2, 3, 4, 5, 6].map(anvilAccount);
  const inviterOf = [undefined, 0, 0, 1, 3, 2];
  await adminOp(server, 'root.add', [accounts[0]!.address]);
  const members: Member[] = [];
  for (const [i, account] of accounts.entries()) {
    const inviter = inviterOf[i];
    members.push({ account, guid: await joinAndLogin(server.apiUrl, account, inviter === undefined ? undefined : accounts[inviter]!.address) });
  }
  for (const m of members) await walletOf(rpcUrl, m.account).recharge('300');
  await until('the recharges to be credited', 30_000, async () =>
    (await Promise.all(members.map((m) => balanceOf(server, m)))).every((b) => b === parseEther('300')),
  );
  for (const [i, m] of members.entries()) await stakeAt(server, m, '100', i % 2 ? '30' : '10');
  await stakeAt(server, members[1]!, '10', '10');

  await walletOf(rpcUrl, members[1]!.account).withdraw('25');
  await walletOf(rpcUrl, members[3]!.account).withdraw('40');
  await walletOf(rpcUrl, members[4]!.account).transfer(members[5]!.account.address, '15');
  await until('the withdrawals and the transfer to be indexed', 30_000, async () => {
    const [withdrawn, received] = await Promise.all([balanceOf(server, members[3]!), balanceOf(server, members[5]!)]);
    return withdrawn === parseEther('160') && received === parseEther('215');
  });
  const pending = (await adminOp(server, 'withdrawals.pending', [])) as { id: number; address: string }[];
  const rejected = pending.find((w) => w.address === members[3]!.account.address)!;
  await adminOp(server, 'withdrawal.reject', [String(rejected.id), 'drill', 'rejection']);
  return members;
}

// Fields that move with the clock between two reads (a stake's elapsed and remaining seconds).
const CLOCK_FIELDS = new Set(['staked_duration', 'remaining_time']);
const READS: [string, Record<string, string>][] = [
  ['userapi/getUserInfo', {}],
  ['userapi/getBalance', {}],
  ['investapi/getInvestList', { page: '1', limit: '50' }],
  ['walletapi/getRechargeList', { page: '1', limit: '50' }],
  ['walletapi/getWithdrawList', { page: '1', limit: '50' }],
  ['walletapi/getTransferList', { page: '1', limit: '50' }],
  ['rewardapi/getRewardSummary', {}],
  ['rewardapi/getRewardList', { page: '1', limit: '50', type: 'direct' }],
  ['teamapi/getTeamSummary', {}],
  ['teamapi/getTeamList', { page: '1', limit: '50', generation: '1' }],
  ['investapi/getInvestExpire', {}],
];

/** Every member's answers to the API's reads (their own session), the clock's fields left out: `address endpoint` → data. */
export async function answersOf(server: ServerProcess, members: Member[]): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  for (const m of members) {
    for (const [path, payload] of READS) {
      const reply = ok(path, await call(server.apiUrl, path, m.account.address, payload, m.guid));
      answers.set(
        `${m.account.address} ${path}`,
        JSON.parse(JSON.stringify(reply.data), (k, v) => (CLOCK_FIELDS.has(k) ? undefined : v)),
      );
    }
  }
  return answers;
}

/** A member of their own (a root, outside the six's tree) with 300 WLD recharged, for the writes during the backup. */
export async function sideMember(server: ServerProcess, rpcUrl: string): Promise<Member> {
  const account = anvilAccount(7);
  await adminOp(server, 'root.add', [account.address]);
  const member = { account, guid: await joinAndLogin(server.apiUrl, account) };
  await walletOf(rpcUrl, account).recharge('300');
  await until('the side recharge to be credited', 30_000, async () => (await balanceOf(server, member)) === parseEther('300'));
  return member;
}

/** Stakes 1 WLD at a time through the signed API until `done` settles: writes that land while the backup is taken. */
export async function stakeUntil(server: ServerProcess, member: Member, done: Promise<unknown>): Promise<number> {
  let settled = false;
  void done.finally(() => (settled = true)).catch(() => undefined);
  let acknowledged = 0;
  while (!settled && acknowledged < 250) {
    await stakeAt(server, member, '1', '10');
    acknowledged++;
  }
  return acknowledged;
}

/** A member's balance and staked principal, over every page of their stakes (the side member's: 300 WLD together in any consistent image). */
export async function heldBy(server: ServerProcess, member: Member): Promise<{ balance: bigint; staked: bigint; stakes: number }> {
  let staked = 0n;
  let stakes = 0;
  for (let page = 1; ; page++) {
    const reply = ok(
      'getInvestList',
      await call(server.apiUrl, 'investapi/getInvestList', member.account.address, { page: String(page), limit: '50' }, member.guid),
    );
    const list = reply.data.list as { amount: string }[];
    staked += list.reduce((sum, s) => sum + BigInt(s.amount), 0n);
    stakes += list.length;
    if (!reply.data.has_more) break;
  }
  return { balance: await balanceOf(server, member), staked, stakes };
}
