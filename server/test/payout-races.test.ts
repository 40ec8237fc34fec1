import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Address, type WalletClient, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import { anvilAccount } from '../../stack/accounts';
import { runOp } from '../admin/ops';
import { indexUntilCaughtUp } from '../chain/indexer';
import { type Database, openDatabase, rowsOf } from '../db/client';
import { ADVISORY_LOCKS } from '../db/locks';
import { withdrawals } from '../ledger/tables';
import { ledgerCheck } from '../ledger/checks';
import type { PayoutChain } from '../ledger/payout-vault';
import { type PayoutReport, runPayouts } from '../ledger/payouts';
import { freshDatabaseUrl, manualClock, testDatabaseUrls } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';

/**
 * Two payout runners at once, as two server processes would run the payout job: two pools on one PostgreSQL
 * database, one anvil chain (money-out.test.ts's approach). PGlite runs one transaction at a time and is one
 * process's database, so this runs in the PostgreSQL pass of `npm run test:server` only.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres)
  console.warn('payout-races.test.ts: skipped on PGlite, which runs one transaction at a time; it runs in the PostgreSQL pass (TEST_DATABASE_URL)');

let net: LocalChain;
let servers: Database[] = [];
let url: string;
const clock = manualClock();
const members = [anvilAccount(3), anvilAccount(4)];
const client = () => net.client();
const payouts = () => net.payouts();
const tokens = (a: { address: Address }) => net.tokens(a);

describe.skipIf(!onPostgres)('two payout runners on PostgreSQL (skipped on PGlite: one transaction at a time; set TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    net = await localChain();
    url = await freshDatabaseUrl(process.env.TEST_DATABASE_URL!);
    servers = [await openDatabase(testDatabaseUrls(url)), await openDatabase(testDatabaseUrls(url))];
    for (const m of members) await runOp(servers[0]!.db, 'root.add', [m.address]);
  });
  afterAll(async () => {
    for (const d of servers) await d.close();
    await net?.stop();
  });

  it('two runners at once, round after round: each approved withdrawal is sent once and paid once on chain (one PaidOut per request, to its requester for its amount; the token balances up by exactly the amounts; nothing flagged), and recorded paid', async () => {
    const db = servers[0]!.db;
    for (const m of members) {
      await net.vault(m, { functionName: 'recharge', args: [parseEther('100')] });
      for (const wld of ['7', '11', '13']) await net.vault(m, { functionName: 'requestWithdraw', args: [parseEther(wld)] });
    }
    await indexUntilCaughtUp(db, client(), localIndexer, clock);
    const due = await db.select().from(withdrawals).orderBy(withdrawals.id);
    expect(due.map((w) => w.status)).toEqual(due.map(() => 'under-review'));
    expect(due).toHaveLength(6);
    for (const w of due) await net.approve(db, clock, w.id);
    const before = await Promise.all(members.map(tokens));

    const reports: PayoutReport[] = [];
    for (let round = 0; round < 6; round++) {
      reports.push(...(await Promise.all(servers.map((d) => runPayouts(d.db, payouts(), clock)))));
      const [left] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from withdrawals where paid_at is null`);
      if (left?.n === 0) break;
      await client().request({ method: 'evm_mine' } as never); // the sent payouts get their block
    }
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
    expect(reports.reduce((n, r) => n + r.recovered, 0)).toBe(0);
    expect(reports.some((r) => !r.ran)).toBe(true); // the runners did overlap: one found the other holding the job
    const paid = await db.select().from(withdrawals).orderBy(withdrawals.id);
    expect(paid.map((w) => [w.id, w.status, w.paidAt !== null, w.payoutTxHash !== null])).toEqual(due.map((w) => [w.id, 'audit-successful', true, true]));
    expect(reports.flatMap((r) => r.flagged)).toEqual([]);
    const events = await client().getContractEvents({ address: LOCAL_VAULT, abi: vaultAbi, eventName: 'PaidOut', fromBlock: 0n, strict: true });
    const perRequest = new Map<bigint, [string, bigint][]>();
    for (const e of events) perRequest.set(e.args.requestId, [...(perRequest.get(e.args.requestId) ?? []), [e.args.to, e.args.amount]]);
    expect([...perRequest].sort((a, b) => Number(a[0] - b[0]))).toEqual(due.map((w) => [w.requestId, [[w.address, w.amount]]]));
    const owed = members.map((m) => due.filter((w) => w.address === m.address).reduce((n, w) => n + w.amount, 0n));
    expect(await Promise.all(members.map(tokens))).toEqual(before.map((b, i) => b + owed[i]!));
    expect(await ledgerCheck(db)).toEqual({ balanceMismatches: [], heldMismatches: [], heldNow: '0' });
  });

  it('a runner that starts while the other is inside a send (no transaction open on its session) skips and sends nothing; each payout is sent once', async () => {
    const db = servers[0]!.db;
    for (const m of members) {
      await net.vault(m, { functionName: 'recharge', args: [parseEther('10')] });
      for (const wld of ['2', '3']) await net.vault(m, { functionName: 'requestWithdraw', args: [parseEther(wld)] });
    }
    await indexUntilCaughtUp(db, client(), localIndexer, clock);
    const due = await db.select().from(withdrawals).where(eq(withdrawals.status, 'under-review')).orderBy(withdrawals.id);
    expect(due).toHaveLength(4);
    for (const w of due) await net.approve(db, clock, w.id);

    // Every attempt to send a payout, by either runner, counted by request; the first runner's first send waits.
    const sends: bigint[] = [];
    let inside!: () => void;
    const sending = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const counting = (chain: PayoutChain, holdFirst: boolean): PayoutChain => {
      const write = chain.wallet.writeContract;
      const writeContract = (async (request: Parameters<typeof write>[0]) => {
        sends.push((request.args as readonly [bigint])[0]);
        if (holdFirst) {
          holdFirst = false;
          inside();
          await released;
        }
        return write(request);
      }) as typeof write;
      return { ...chain, wallet: { ...chain.wallet, writeContract } as WalletClient };
    };
    const first = runPayouts(servers[0]!.db, counting(payouts(), true), clock);
    await sending;
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    const { rows: holders } = await observer.query<{ state: string }>(
      `select a.state from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.objid = $1 and l.granted and l.database = (select oid from pg_database where datname = current_database())`,
      [ADVISORY_LOCKS.payoutJob],
    );
    await observer.end();
    expect(holders).toEqual([{ state: 'idle' }]); // the job's session holds its lock with no transaction open
    const second = await runPayouts(servers[1]!.db, counting(payouts(), false), clock);
    release();
    expect(second).toMatchObject({ ran: false, sent: 0 });
    expect(await first).toMatchObject({ ran: true, sent: 4, flagged: [], deferred: [] });
    expect(sends).toEqual(due.map((w) => w.requestId));
    const events = await client().getContractEvents({ address: LOCAL_VAULT, abi: vaultAbi, eventName: 'PaidOut', fromBlock: 0n, strict: true });
    for (const w of due) expect(events.filter((e) => e.args.requestId === w.requestId)).toHaveLength(1);
  });
});
