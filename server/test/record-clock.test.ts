import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, unixSeconds } from '../clock';
import { testServer } from './harness';
import { deposit, transferRequest, withdrawRequest } from './money';

// Recharge, withdrawal and transfer records (written by the chain indexer) carry the server's clock, as stakes and
// mail do, not the database's wall clock: after `clock.advance` on the local stack they all agree.
let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  s = await testServer();
});
afterAll(() => s.close());

describe('chain-indexed records are dated by the server clock', () => {
  it('a recharge, a withdrawal request and a transfer recorded after the clock moved carry the moved time', async () => {
    const [alice, bob] = [await s.user(), await s.user()];
    // The harness clock starts far from the wall clock; move it further, as `clock.advance 40` would.
    s.clock.advance(40 * DAY_MS);
    const at = String(unixSeconds(s.clock.now()));
    expect(Math.abs(Number(at) - unixSeconds(new Date()))).toBeGreaterThan(86_400);
    await s.login(alice); // the session from before the jump has expired

    await deposit(s.db, s.clock, alice.address, '50');
    await withdrawRequest(s.db, alice.address, '10', s.clock);
    await transferRequest(s.db, alice.address, bob.address, '5', s.clock);

    const times = async (path: string) =>
      ((await s.call(path, alice, { page: '1', limit: '10' })).data as { list: { create_time: string }[] }).list.map((r) => r.create_time);
    expect(await times('walletapi/getRechargeList')).toEqual([at]);
    expect(await times('walletapi/getWithdrawList')).toEqual([at]);
    expect(await times('walletapi/getTransferList')).toEqual([at]);
  });
});
