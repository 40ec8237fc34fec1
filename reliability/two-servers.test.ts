import { eq, sql } from 'drizzle-orm';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { anvilAccount } from '../stack/accounts';
import { runOp } from '../server/admin/ops';
import { systemClock } from '../server/clock';
import { rowsOf } from '../server/db/client';
import { deposits, ledgerEntries } from '../server/ledger/tables';
import { jobRuns } from '../server/staking/tables';
import { ledgerCheck } from '../server/ledger/checks';
import { stake } from '../server/staking/service';
import { findUser } from '../server/users/registry';
import { deposit, seedLevels } from '../server/test/money';
import { call, joinAndLogin } from './support/client';
import { type ServerProcess, afterJobRuns, startServer, until } from './support/server';
import { chainAndDatabase } from './support/stack';
import { backdateStakes, stakesPaidBelow } from './support/stakes';

const stack = chainAndDatabase();
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill('SIGTERM');
});

describe('two server processes on one PostgreSQL', () => {
  it('run the daily job and the indexer once between them, both serve requests, and a deposit is credited once', async () => {
    const {
      anvil,
      chain,
      url,
      database: { db },
    } = stack;
    const lv = await seedLevels(db);
    const member = anvilAccount(1);
    const other = anvilAccount(2);
    await runOp(db, 'root.add', [member.address]);
    await runOp(db, 'root.add', [other.address]);
    // Stakes with three days due, so both servers' job loops find work at once.
    for (const who of [member, other]) {
      await deposit(db, systemClock, who.address, '300');
      await stake({ db, clock: systemClock }, (await findUser(db, who.address))!, { levelId: Number(lv.small), periodId: Number(lv.smallTen) });
    }
    await backdateStakes(db, '3 days 1 hour');

    // Both start together; each runs its jobs every 100 ms and indexes every 100 ms.
    servers.push(...(await Promise.all([1, 2].map(() => startServer({ databaseUrl: url, chainUrl: anvil.rpcUrl, jobIntervalMs: 100, indexIntervalMs: 100 })))));
    const [a] = servers as [ServerProcess, ServerProcess];

    // Both serve: a session made on one is good on the other (sessions live in the database).
    const guid = await joinAndLogin(a.apiUrl, member);
    for (const server of servers) expect(await call(server.apiUrl, 'userapi/getUserInfo', member.address, {}, guid)).toMatchObject({ http: 200, status: 1 });

    // A recharge on chain, indexed by whichever server gets there first.
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const wallet = createWalletClient({ chain, account: member, transport: http(anvil.rpcUrl) });
    const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther('42')] }),
    });
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther('42')], value: fee }),
    });
    await until('the recharge to be credited', 30_000, async () =>
      (await db.select().from(deposits).where(eq(deposits.address, member.address))).some((d) => d.amount === parseEther('42') && d.creditedAt),
    );
    await until('the due days to be paid', 30_000, async () => {
      const [row] = await rowsOf<{ n: number }>(db, stakesPaidBelow(3));
      return row?.n === 0;
    });
    // Both keep running their loops (5 more job runs and index passes each, counted by their metrics): nothing more happens.
    const snapshot = async () =>
      rowsOf(
        db,
        sql`
      select type, count(*)::int as n, sum(amount)::text as total from ledger_entries group by type
      union all select 'dividends', count(*)::int, sum(amount)::text from dividends order by type`,
      );
    const settled = await snapshot();
    await afterJobRuns(servers, 'daily', 5);
    await afterJobRuns(servers, 'indexer', 5);
    expect(await snapshot()).toEqual(settled);

    // The deposit once: one row, one ledger entry of 42 WLD, the balance both servers report.
    const chainDeposits = await db.select().from(deposits).where(eq(deposits.address, member.address));
    expect(chainDeposits.filter((d) => d.amount === parseEther('42'))).toHaveLength(1);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.type, 'deposit'));
    expect(entries.filter((e) => e.amount === parseEther('42'))).toHaveLength(1);
    const balances = await Promise.all(servers.map((s) => call(s.apiUrl, 'userapi/getBalance', member.address, {}, guid)));
    expect(balances[0]!.data).toEqual(balances[1]!.data);
    // The job once: one ranks run today, each stake's three days paid once (6 dividends of 1 WLD).
    expect((await db.select().from(jobRuns)).filter((r) => r.ranks)).toHaveLength(1);
    const [paid] = await rowsOf<{ n: number; total: string }>(db, sql`select count(*)::int as n, sum(amount)::text as total from dividends`);
    expect(paid).toEqual({ n: 6, total: parseEther('6').toString() });
    expect(await ledgerCheck(db)).toMatchObject({ balanceMismatches: [], heldMismatches: [] });
    for (const server of servers) expect(server.process.exitCode).toBeNull();
  });
});
