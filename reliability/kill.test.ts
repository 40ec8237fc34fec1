import { eq, getTableColumns, sql } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { anvilAccount } from '../stack/accounts';
import { runOp } from '../server/admin/ops';
import { type IndexerConfig, indexUntilCaughtUp } from '../server/chain/indexer';
import { systemClock } from '../server/clock';
import { type Database, openDatabase, rowsOf } from '../server/db/client';
import { dividends, ledgerEntries, withdrawals } from '../server/ledger/tables';
import { jobRuns, paidDaysOf, stakes } from '../server/staking/tables';
import { termsByStake } from '../server/staking/terms';
import { ledgerCheck } from '../server/ledger/checks';
import { stake } from '../server/staking/service';
import { completedDays, totalDividend } from '../server/staking/math';
import { createRootUser, findUser, registerUser } from '../server/users/registry';
import { freshDatabaseUrl, newAccount, testDatabaseUrls } from '../server/test/harness';
import { deposit, seedLevels } from '../server/test/money';
import { approveLocally } from '../server/test/local-chain';
import { advisoryHolder, connect } from './support/postgres';
import { chainAndDatabase } from './support/stack';
import { backdateStakes, stakesPaidBelow } from './support/stakes';
import { type ServerProcess, afterJobRuns, postgresUrl, recordFigure, startServer, until } from './support/server';
import { ADVISORY_LOCKS } from '../server/db/locks';

// The job locks of server/staking/daily.ts and server/ledger/payouts.ts.
const STAKING_JOB_LOCK = ADVISORY_LOCKS.stakingJob;
const PAYOUT_JOB_LOCK = ADVISORY_LOCKS.payoutJob;
const DAYS_DUE = 4;

const running: ServerProcess[] = [];
const started = async (opts: Parameters<typeof startServer>[0]) => {
  const server = await startServer(opts);
  running.push(server);
  return server;
};
afterAll(async () => {
  for (const server of running) await server.kill('SIGKILL');
});

/** Whether the ledger holds: every balance = its entries, every hold = its withdrawal. */
async function expectLedgerHolds(db: Database['db']) {
  expect(await ledgerCheck(db)).toMatchObject({ balanceMismatches: [], heldMismatches: [] });
}

describe('SIGKILL in the middle of the daily job', () => {
  let url: string;
  let database: Database;
  beforeAll(async () => {
    url = await freshDatabaseUrl(postgresUrl());
    database = await openDatabase(testDatabaseUrls(url));
  });
  afterAll(() => database.close());

  it('loses the killed run whole; the restarted server pays every due day once; balance = entries for every member', async () => {
    const { db } = database;
    const lv = await seedLevels(db);
    // A referral tree of 40 members (3 per inviter), each staking 100 WLD for 10 days, started DAYS_DUE days ago.
    const root = newAccount();
    const members: Address[] = [root.address];
    await createRootUser(db, root.address);
    for (let i = 1; i < 40; i++) {
      const account = newAccount();
      await db.transaction((tx) => registerUser(tx, account.address, members[Math.floor((i - 1) / 3)]!, systemClock.now()));
      members.push(account.address);
    }
    for (const address of members) {
      await deposit(db, systemClock, address, '250');
      await stake({ db, clock: systemClock }, (await findUser(db, address))!, { levelId: Number(lv.small), periodId: Number(lv.smallTen) });
    }
    await backdateStakes(db, `${DAYS_DUE} days 1 hour`);

    // The test holds balances against updates: the job takes its advisory lock, records its run and computes the
    // day's dividends and rewards, then waits inside the paying statement until the kill lands.
    const locker = await connect(url);
    const observer = await connect(url);
    await locker.query('begin');
    await locker.query('lock table balances in share mode');
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const first = await started({ databaseUrl: url, jobIntervalMs: 200 });
    const holder = await until('the job to hold its lock and wait inside the paying statement', 30_000, async () => {
      const h = await advisoryHolder(observer, STAKING_JOB_LOCK);
      return h?.waiting && h.blockedBy.includes(lockerPid) ? h : undefined;
    });
    // The paying statement of server/staking/pay-day.ts (pg_stat_activity shows its first 1 kB).
    expect(holder.query).toMatch(/with rates as materialized \(/);
    await first.kill('SIGKILL');
    expect(first.process.signalCode).toBe('SIGKILL');
    await locker.query('rollback');
    await locker.end();
    // The killed server's backend notices its client is gone and rolls the whole run back.
    await until('the killed job’s transaction to end', 30_000, async () => !(await advisoryHolder(observer, STAKING_JOB_LOCK)));
    expect(await db.select().from(dividends)).toEqual([]);
    expect(await db.select().from(jobRuns)).toEqual([]);
    await expectLedgerHolds(db);

    const second = await started({ databaseUrl: url, jobIntervalMs: 200 });
    await until('the restarted server to pay every due day', 60_000, async () => {
      const [row] = await rowsOf<{ n: number }>(db, stakesPaidBelow(DAYS_DUE));
      return row?.n === 0;
    });
    // Reruns: the job keeps running every 200 ms; over 5 more runs (counted by its metrics) nothing more is paid.
    // Dividends are their dividends rows (the staker's ledger row for each, migration 0021); rewards are entries.
    const paidByTheJob = () =>
      rowsOf<{ total: string }>(
        db,
        sql`
      select ((select coalesce(sum(amount), 0) from ${dividends}) + (select coalesce(sum(amount), 0) from ${ledgerEntries} where type in ('reward-direct', 'reward-team')))::text as total`,
      );
    const paidSoFar = await paidByTheJob();
    await afterJobRuns([second], 'daily', 5);
    expect(await paidByTheJob()).toEqual(paidSoFar);
    await second.kill('SIGTERM');
    await observer.end();

    // 0 double payments: each stake's dividends equal the formula over its due days; rewards equal what the dividends owe.
    const now = systemClock.now();
    for (const s of await db.select({ ...getTableColumns(stakes), paidDays: paidDaysOf }).from(stakes)) {
      const terms = (await termsByStake(db, [s])).get(s.id)!;
      const [paid] = await db
        .select({ total: sql<string>`coalesce(sum(${dividends.amount}), 0)::text` })
        .from(dividends)
        .where(eq(dividends.stakeId, s.id));
      expect({ stake: s.id, paidDays: s.paidDays, paid: BigInt(paid!.total) }).toEqual({
        stake: s.id,
        paidDays: completedDays(s.startedAt, s.days, now),
        paid: totalDividend(terms, DAYS_DUE),
      });
    }
    const [owed] = await rowsOf<{ owed: string; paid: string }>(
      db,
      sql`
      select (select coalesce(sum(g1_direct + g1_team + g2_team + g3_team), 0) from dividends)::text as owed,
             (select coalesce(sum(amount), 0) from ledger_entries where type in ('reward-direct', 'reward-team'))::text as paid`,
    );
    expect(BigInt(owed!.paid)).toBe(BigInt(owed!.owed));
    expect(BigInt(owed!.paid)).toBeGreaterThan(0n);
    await expectLedgerHolds(db);
    recordFigure('kills survived', 1);
  });
});

describe('SIGKILL in the middle of the payout job', () => {
  const stack = chainAndDatabase();

  it('pays every approved withdrawal exactly once on chain: the restarted server recovers what the killed one sent', async () => {
    const {
      anvil,
      chain,
      url,
      database: { db },
    } = stack;
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const indexer: IndexerConfig = { vault: LOCAL_VAULT, confirmations: 0, startBlock: 0, batchSize: 500 };
    const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
    const people = [1, 2, 3, 4, 5, 6].map((i) => anvilAccount(i));
    const amounts = people.map((_, i) => parseEther(String(10 + i)));
    for (const [i, who] of people.entries()) {
      await runOp(db, 'root.add', [who.address]);
      const wallet = createWalletClient({ chain, account: who, transport: http(anvil.rpcUrl) });
      const send = async (hash: Promise<`0x${string}`>) => client.waitForTransactionReceipt({ hash: await hash });
      await send(wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther('100')] }));
      await send(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther('100')], value: fee }));
      await send(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [amounts[i]!], value: fee }));
    }
    await indexUntilCaughtUp(db, client, indexer, systemClock);
    const rows = await db.select().from(withdrawals).orderBy(withdrawals.id);
    expect(rows.map((w) => w.status)).toEqual(people.map(() => 'under-review'));
    for (const w of rows) await approveLocally(db, systemClock, client, w.id);
    const tokens = (a: Address) => client.readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [a] });
    const before = await Promise.all(people.map((p) => tokens(p.address)));
    const paidOnChain = (id: number) =>
      client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestPaid', args: [rows.find((w) => w.id === id)!.requestId!] });

    // The test locks the third withdrawal's row: the job sends the first three payouts, recording each hash as its
    // send returns, and waits to record the third.
    const third = rows[2]!.id;
    const locker = await connect(url);
    const observer = await connect(url);
    await locker.query('begin');
    await locker.query('select id from withdrawals where id = $1 for update', [third]);
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const first = await started({ databaseUrl: url, chainUrl: anvil.rpcUrl, indexIntervalMs: 200 });
    const holder = await until('the payout job to hold its lock, with the third payout sent and its recording waiting', 30_000, async () => {
      const h = await advisoryHolder(observer, PAYOUT_JOB_LOCK);
      return h?.waiting && h.blockedBy.includes(lockerPid) && (await paidOnChain(third)) && h;
    });
    await first.kill('SIGKILL');
    expect(first.process.signalCode).toBe('SIGKILL');
    // Killed mid-job: three payouts went out on chain, three are still to send. No transaction spans a send, so the
    // first two hashes stay recorded as their sends returned (each its PaidOut's transaction); the third's waits.
    const recordedHashes = async () => (await db.select().from(withdrawals).orderBy(withdrawals.id)).map((w) => w.payoutTxHash);
    const paidOuts = await client.getContractEvents({ address: LOCAL_VAULT, abi: vaultAbi, eventName: 'PaidOut', fromBlock: 0n, strict: true });
    const [one, two] = rows.map((w) => paidOuts.find((e) => e.args.requestId === w.requestId)?.transactionHash);
    expect(await Promise.all(rows.map((w) => paidOnChain(w.id)))).toEqual([true, true, true, false, false, false]);
    expect([one, two].every(Boolean)).toBe(true);
    expect(await recordedHashes()).toEqual([one, two, null, null, null, null]);
    // The killed server's backend, still waiting to write the third's hash, is ended too: the record of the payout in
    // flight is lost, as when the kill lands after the send and before its record reaches the database.
    await observer.query('select pg_terminate_backend($1)', [holder.pid]);
    await until('the killed job’s session, and its lock, to end', 30_000, async () => !(await advisoryHolder(observer, PAYOUT_JOB_LOCK)));
    await locker.query('rollback');
    await locker.end();
    expect(await recordedHashes()).toEqual([one, two, null, null, null, null]);
    await observer.end();

    const second = await started({ databaseUrl: url, chainUrl: anvil.rpcUrl, indexIntervalMs: 200 });
    await until('the restarted server to pay and confirm every withdrawal', 60_000, async () =>
      (await db.select().from(withdrawals)).every((w) => w.paidAt !== null),
    );
    await second.kill('SIGTERM');

    // Each id paid exactly once on chain, by the transaction the database recorded; each member got exactly the amount.
    const events = await client.getContractEvents({ address: LOCAL_VAULT, abi: vaultAbi, eventName: 'PaidOut', fromBlock: 0n, strict: true });
    const final = await db.select().from(withdrawals).orderBy(withdrawals.id);
    for (const w of final) {
      const paid = events.filter((e) => e.args.requestId === w.requestId);
      expect({ id: w.id, payments: paid.length, hash: paid[0]?.transactionHash }).toEqual({ id: w.id, payments: 1, hash: w.payoutTxHash });
    }
    const after = await Promise.all(people.map((p) => tokens(p.address)));
    expect(after.map((a, i) => a - before[i]!)).toEqual(amounts);
    await expectLedgerHolds(db);
    recordFigure('kills survived', 1);
  });
});
