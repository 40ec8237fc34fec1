import { type PublicClient, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { LOCAL_ROLES, anvilAccount } from '../stack/accounts';
import { type Anvil, startAnvil } from '../stack/anvil';
import { deployLocal } from '../stack/deploy';
import { freePort } from '../stack/ports';
import { runOp } from '../server/admin/ops';
import { systemClock } from '../server/clock';
import { type Database, openDatabase, rowsOf } from '../server/db/client';
import { translate } from '../server/i18n';
import { ledgerCheck } from '../server/ledger/checks';
import { deposits, withdrawals } from '../server/ledger/tables';
import { addOperator } from '../server/operators/operators';
import { jobRuns } from '../server/staking/tables';
import { freshDatabaseUrl, testDatabaseUrls } from '../server/test/harness';
import { approveLocally } from '../server/test/local-chain';
import { seedLevels } from '../server/test/money';
import { call, joinAndLogin } from './support/client';
import { type OwnCluster, durability, ownCluster } from './support/cluster';
import { type Member, type Phase, type StakeCall, acknowledged, pledgeId, resend, startLoad } from './support/load';
import { recordedRequests, tallyStakes } from './support/tally';
import { type ServerProcess, recordFigure, startServer, until } from './support/server';
import { backdateStakes, stakesPaidBelow } from './support/stakes';

const MEMBERS = 6;
const RECHARGE = parseEther('5000');
const STAKES_EACH_SIDE = 30; // acknowledged before the kill, and again after the servers serve once more

let cluster: OwnCluster;
let anvil: Anvil;
let url: string;
let database: Database;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  cluster = await ownCluster();
  anvil = await startAnvil({ port: await freePort() });
  await deployLocal(anvil.rpcUrl, null);
  url = await freshDatabaseUrl(cluster.url);
  database = await openDatabase(testDatabaseUrls(url));
});
afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  await database?.close();
  await anvil?.stop();
  await cluster?.stop();
});

/** Throws when the server's process has exited: it must outlive the database. */
function stillRunning(server: ServerProcess) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) throw new Error(`a server exited:\n${server.output().slice(-3000)}`);
}

/** Whether `server` answers a member's read with success (and is still running). */
async function serves(server: ServerProcess, member: Member): Promise<boolean> {
  stillRunning(server);
  const reply = await call(server.apiUrl, 'userapi/getUserInfo', member.account.address, {}, member.guid).catch(() => undefined);
  return reply?.status === 1;
}

describe('PostgreSQL killed with SIGKILL under two servers’ signed writes', () => {
  it('keeps every acknowledged write once; the servers reconnect on their own; the daily job and payouts resume; balance = entries', async () => {
    expect(await durability(cluster.url)).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    const { db } = database;
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient;
    const lv = await seedLevels(db);
    // Anvil's accounts 1–6 hold WLD (stack/deploy.ts); 0 deploys and approves, 9 sends the payouts.
    const accounts = Array.from({ length: MEMBERS }, (_, i) => anvilAccount(1 + i));
    for (const account of accounts) await runOp(db, 'root.add', [account.address]);
    // The local Vault's approver, an auditor in the console before any withdrawal is requested.
    await addOperator(db, systemClock, null, { address: anvilAccount(LOCAL_ROLES.deployer).address, roles: ['auditor'] });

    servers.push(...(await Promise.all([1, 2].map(() => startServer({ databaseUrl: url, chainUrl: anvil.rpcUrl, jobIntervalMs: 200, indexIntervalMs: 200 })))));
    const pids = servers.map((s) => s.pid);
    // The day's first run (its ranks) is recorded before any stake: every stake of the load is above its watermark.
    await until('the daily job’s first run', 30_000, async () => (await db.select().from(jobRuns)).length > 0);
    const members: Member[] = await Promise.all(
      accounts.map(async (account) => ({
        account,
        guid: await joinAndLogin(servers[0]!.apiUrl, account),
        wallet: createWalletClient({ chain, account, transport: http(anvil.rpcUrl) }),
      })),
    );
    const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
    // Each member recharges 5,000 WLD into the Vault, which the servers' indexer credits to the in-app balance.
    for (const { account, wallet } of members) {
      const send = async (hash: Promise<`0x${string}`>) => client.waitForTransactionReceipt({ hash: await hash });
      await send(wallet.writeContract({ account, chain, address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, RECHARGE] }));
      await send(wallet.writeContract({ account, chain, address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [RECHARGE], value: fee }));
    }
    await until('every recharge to be credited', 30_000, async () => (await db.select().from(deposits)).filter((d) => d.creditedAt).length === MEMBERS);

    let phase: Phase = 'before';
    const load = startLoad({ members, servers, client, fee, stake: { order_id: lv.small, day_id: lv.smallTen }, phase: () => phase });
    const ackedIn = (p: Phase) => load.stakes.filter((c) => c.phase === p && acknowledged(c)).length;
    await until(`${STAKES_EACH_SIDE} stakes acknowledged`, 60_000, async () => ackedIn('before') >= STAKES_EACH_SIDE);

    // The withdrawals indexed so far are approved: the payout job pays them while the kill lands.
    const approvedBefore = await db.select().from(withdrawals);
    for (const w of approvedBefore) await approveLocally(db, systemClock, client, w.id);

    const killedAt = Date.now();
    const postmaster = cluster.postmasterPid();
    phase = 'outage';
    await cluster.kill();
    // Each server answers a stake while the database is gone (a reply, not a hang and not a dropped connection).
    await until('each server to answer a stake during the outage', 30_000, async () => {
      for (const s of servers) stillRunning(s);
      return servers.every((s) => load.stakes.some((c) => c.phase === 'outage' && c.server === s && c.reply && !acknowledged(c)));
    });
    phase = 'recovering';
    const startingAt = Date.now();
    await cluster.start();
    const startMs = Date.now() - startingAt;
    expect(cluster.postmasterPid()).not.toBe(postmaster);
    const restartedAt = new Date();
    await until('both servers to serve again without a restart', 30_000, async () =>
      (await Promise.all(servers.map((s) => serves(s, members[0]!)))).every(Boolean),
    );
    const outageMs = Date.now() - killedAt;
    phase = 'after';
    await until(`${STAKES_EACH_SIDE} more stakes acknowledged`, 60_000, async () => ackedIn('after') >= STAKES_EACH_SIDE);
    await load.stop();

    // The signed calls whose outcome the caller never learned, sent again as they were signed: each either
    // succeeds now (it had not committed) or is refused as a spent challenge (it had: that stake counts once).
    const refusedAsSpent = (calls: StakeCall[]) => calls.filter((c) => c.reply?.info === translate('nonceInvalid', 'en')).length;
    const unknown = load.stakes.filter((c) => c.fields && !acknowledged(c));
    const again = await resend(servers[1]!, unknown);
    const spent = again.filter((c) => !acknowledged(c));
    expect(refusedAsSpent(spent)).toBe(spent.length);
    // And every acknowledged one, sent again: its challenge stayed spent through the crash, so none makes a second stake.
    const ackedCalls = [...load.stakes, ...again].filter(acknowledged);
    const replays = await resend(servers[0]!, ackedCalls);
    expect(refusedAsSpent(replays)).toBe(ackedCalls.length);

    // Every failure is a reply (the servers never dropped a connection or hung), from the outage, saying so.
    const failed = load.stakes.filter((c) => !acknowledged(c));
    expect(failed.filter((c) => !c.reply).map((c) => c.error)).toEqual([]);
    expect(failed.filter((c) => c.phase === 'after').map((c) => c.reply!.info)).toEqual([]);
    expect(new Set(failed.map((c) => c.reply!.info))).toEqual(new Set([translate('internal', 'en')]));

    // Stakes: each acknowledged one is there with its one debit; every other row is a spent challenge's.
    const ackedStakes = ackedCalls.map(pledgeId);
    expect(new Set(ackedStakes).size).toBe(ackedStakes.length);
    const stakesHeld = await tallyStakes(db, ackedStakes, spent.length);
    expect(stakesHeld.withoutDebit).toBe(0);

    // Vault requests: each acknowledged on chain is recorded once, by (tx hash, log index), once the indexer catches up.
    const hashes = load.requests.filter((r) => r.acknowledged).map((r) => r.hash);
    await until('the indexer to record every acknowledged Vault request', 30_000, async () => (await recordedRequests(db, hashes)).found === hashes.length);
    const requestsHeld = await recordedRequests(db, hashes);

    // The daily job resumes: the load's stakes, made a day and an hour old, are paid by a run recorded after the restart.
    await backdateStakes(db, '1 day 1 hour');
    await until('a daily job run after the restart to pay every stake its day', 30_000, async () => {
      const runs = await db.select().from(jobRuns);
      const [row] = await rowsOf<{ n: number }>(db, stakesPaidBelow(1));
      return runs.some((r) => r.ranAt >= restartedAt && r.paidThrough !== null) && row?.n === 0;
    });

    // Payouts resume: the rest, approved now, are paid after the restart; every withdrawal is paid on chain once.
    const approvedAfter = (await db.select().from(withdrawals)).filter((w) => w.status === 'under-review');
    expect(approvedAfter.length).toBeGreaterThan(0);
    for (const w of approvedAfter) await approveLocally(db, systemClock, client, w.id);
    await until('every withdrawal to be paid', 60_000, async () => (await db.select().from(withdrawals)).every((w) => w.paidAt !== null));
    const paidOut = await client.getContractEvents({ address: LOCAL_VAULT, abi: vaultAbi, eventName: 'PaidOut', fromBlock: 0n, strict: true });
    const paid = await db.select().from(withdrawals);
    expect(paid.map((w) => ({ id: w.id, payments: paidOut.filter((e) => e.args.requestId === w.requestId).length }))).toEqual(
      paid.map((w) => ({ id: w.id, payments: 1 })),
    );
    const paidAfterRestart = paid.filter((w) => approvedAfter.some((a) => a.id === w.id));
    expect(paidAfterRestart.every((w) => w.paidAt! >= restartedAt)).toBe(true);

    expect(await ledgerCheck(db)).toMatchObject({ balanceMismatches: [], heldMismatches: [] });
    expect(servers.map((s) => ({ pid: s.pid, exited: s.process.exitCode ?? s.process.signalCode }))).toEqual(pids.map((pid) => ({ pid, exited: null })));

    const figures = {
      acknowledged: ackedStakes.length + hashes.length,
      found: stakesHeld.found + requestsHeld.found,
      lost: ackedStakes.length - stakesHeld.found + hashes.length - requestsHeld.found,
      duplicated: stakesHeld.duplicated + requestsHeld.duplicated,
      'failed during outage': failed.length,
    };
    console.log(
      `db-kill: ${Object.entries(figures)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; of them stakes ${ackedStakes.length} ` +
        `(${again.length - spent.length} on resending, ${spent.length} committed unacknowledged, ${replays.length} replays refused), ` +
        `Vault requests ${hashes.length}, withdrawals paid ${paid.length} (${approvedBefore.length} approved before the kill, ${approvedAfter.length} after the restart), outage ${outageMs} ms (of it PostgreSQL's start and crash recovery ${startMs} ms)`,
    );
    expect(figures).toMatchObject({ lost: 0, duplicated: 0 });
    recordFigure('acknowledged writes lost', figures.lost);
    recordFigure('acknowledged writes duplicated', figures.duplicated);
    recordFigure('replays refused', replays.length);
    recordFigure('kills survived', 1);
  });
});
