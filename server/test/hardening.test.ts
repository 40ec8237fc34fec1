import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../jobs/purge';
import { nonces, sessions } from '../auth/tables';
import { deposits } from '../ledger/tables';
import { recordDeposit } from '../ledger/deposits';
import { newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  s = await testServer();
});
afterAll(() => s.close());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('out-of-range ids, the purge, and a deposit racing a registration', () => {
  it('refuses an id above the int4 columns as an invalid field, not a server error', async () => {
    const member = await s.user();
    for (const path of ['investapi/closeExpire', 'investapi/applyRedeem']) {
      const reply = await s.act(path, member, { pledge_id: '9999999999' });
      expect(reply).toMatchObject({ status: 0, info: 'Invalid field: pledge_id' });
    }
    expect((await s.act('investapi/closeExpire', member, { pledge_id: '2147483647' })).info).not.toMatch(/Invalid field|busy/i);
  });

  it('purges challenges an hour past expiry and expired sessions', async () => {
    const member = await s.user();
    await s.challenge(member, 'login');
    const before = await s.db.select().from(nonces).where(eq(nonces.address, member.address));
    expect(before.length).toBeGreaterThan(0);
    s.clock.advance(s.config.nonceTtlSeconds * 1000 + 30 * 60_000);
    await purgeExpired(s.db, s.clock);
    expect(await s.db.select().from(nonces).where(eq(nonces.address, member.address))).toHaveLength(before.length); // within the hour's grace
    s.clock.advance(31 * 60_000);
    await purgeExpired(s.db, s.clock);
    expect(await s.db.select().from(nonces).where(eq(nonces.address, member.address))).toHaveLength(0);
    expect(await s.db.select().from(sessions).where(eq(sessions.address, member.address))).toHaveLength(1);
    s.clock.advance(s.config.sessionTtlSeconds * 1000);
    const purged = await purgeExpired(s.db, s.clock);
    expect(purged.sessions).toBeGreaterThan(0);
    expect(await s.db.select().from(sessions).where(eq(sessions.address, member.address))).toHaveLength(0);
  });

  it('credits a deposit recorded while the same address registers (each transaction alone would miss the other)', async () => {
    const root = await s.root();
    const account = newAccount();
    const { nonce, signature } = await s.signed(account, 'reg', { intro_address: root.address });
    const txHash = `0x${'ab'.repeat(32)}`;
    // The indexer's transaction records the deposit, sees no user yet, and commits only later.
    const indexing = s.db.transaction(async (tx) => {
      await recordDeposit(tx, { txHash, logIndex: 0, blockNumber: 1, address: account.address, amount: parseEther('5'), fee: 0n }, s.clock);
      await sleep(400);
    });
    await sleep(100);
    const registering = s.call('publicapi/reg', account, { intro_address: root.address, nonce, signature });
    const [, reg] = await Promise.all([indexing, registering]);
    expect(reg.status).toBe(1);
    const [row] = await s.db.select().from(deposits).where(eq(deposits.txHash, txHash));
    expect(row?.creditedAt).not.toBeNull();
  });
});
