import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuedChallenges } from '../auth/issued-challenges';
import { nonces, sessions } from '../auth/tables';
import { DAY_MS } from '../clock';
import { createApp } from '../http/app';
import { testServer } from './harness';
import { deposit, seedLevels } from './money';

/** IssuedChallenges that records what each signed call found remembered (undefined: the challenge was read). */
class Watched extends IssuedChallenges {
  found: boolean[] = [];
  override take(nonce: string, address: string) {
    const challenge = super.take(nonce, address);
    this.found.push(challenge !== undefined);
    return challenge;
  }
}

const issued = new Watched(300);
let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
/** A second server on the same database, which remembers none of the first one's challenges. */
let elsewhere: ReturnType<typeof createApp>;
beforeAll(async () => {
  s = await testServer({}, { issued });
  lv = await seedLevels(s.db);
  elsewhere = createApp({ db: s.db, clock: s.clock, config: s.config });
});
afterAll(() => s.close());

const stakeFields = () => ({ order_id: lv.small, day_id: lv.smallTen });
const stakes = async (a: { address: string }) =>
  ((await s.call('investapi/getInvestList', a, { page: '1', limit: '10' })).data as { list: unknown[] }).list.length;
/** The member's balance in WLD base units. */
const balance = async (a: { address: string }) => BigInt(String((await s.call('userapi/getBalance', a)).data.balance));
const usedAt = async (nonce: string) => (await s.db.select().from(nonces).where(eq(nonces.nonce, nonce)))[0]?.usedAt ?? null;

async function memberWith(wld: string): Promise<LocalAccount> {
  const member = await s.user();
  await deposit(s.db, s.clock, member.address, wld);
  return member;
}

describe('a signed stake checks its session and challenge in its own statement', () => {
  it('spends a challenge this server issued without reading it back, once', async () => {
    const amy = await memberWith('100');
    const signed = await s.signed(amy, 'investSave', stakeFields());
    issued.found = [];
    expect((await s.call('investapi/investSave', amy, { ...stakeFields(), ...signed })).status).toBe(1);
    expect(issued.found).toEqual([true]);
    expect(await usedAt(signed.nonce)).toEqual(s.clock.now());
    expect(await balance(amy)).toBe(0n);
    // The same signature again: no longer remembered, read, and refused as used.
    await deposit(s.db, s.clock, amy.address, '100');
    expect((await s.call('investapi/investSave', amy, { ...stakeFields(), ...signed })).info).toBe('Nonce is invalid or expired, please try again');
    expect(issued.found).toEqual([true, false]);
    expect(await stakes(amy)).toBe(1);
  });

  it('spends a challenge another server issued, read first, and this server forgets one spent elsewhere', async () => {
    const bo = await memberWith('200');
    const theirs = await s.signed(bo, 'investSave', stakeFields(), { via: elsewhere });
    expect((await s.call('investapi/investSave', bo, { ...stakeFields(), ...theirs })).status).toBe(1);
    const mine = await s.signed(bo, 'investSave', stakeFields());
    expect((await s.call('investapi/investSave', bo, { ...stakeFields(), ...mine }, { via: elsewhere })).status).toBe(1);
    expect((await s.call('investapi/investSave', bo, { ...stakeFields(), ...mine })).info).toBe('Nonce is invalid or expired, please try again');
    expect(await stakes(bo)).toBe(2);
  });

  it("answers '302' when the session ended after the challenge, and leaves the challenge and the balance as they were", async () => {
    const cy = await memberWith('100');
    const signed = await s.signed(cy, 'investSave', stakeFields());
    const guid = s.sessions.get(cy.address);
    expect((await s.call('userapi/logout', cy)).status).toBe(1);
    issued.found = [];
    expect((await s.call('investapi/investSave', cy, { ...stakeFields(), ...signed }, { guid })).info).toBe('302');
    expect(issued.found).toEqual([true]);
    expect(await usedAt(signed.nonce)).toBeNull();
    await s.login(cy);
    expect(await balance(cy)).toBe(parseEther('100'));
    expect(await stakes(cy)).toBe(0);
  });

  it("answers '302' for another member's session or an expired one, and uses nothing up", async () => {
    const gil = await memberWith('100');
    const hu = await memberWith('100');
    const signed = await s.signed(gil, 'investSave', stakeFields());
    expect((await s.call('investapi/investSave', gil, { ...stakeFields(), ...signed }, { guid: s.sessions.get(hu.address) })).info).toBe('302');
    const again = await s.signed(gil, 'investSave', stakeFields());
    await s.db
      .update(sessions)
      .set({ expiresAt: new Date(s.clock.now().getTime() - 1000) })
      .where(eq(sessions.address, gil.address));
    issued.found = [];
    expect((await s.call('investapi/investSave', gil, { ...stakeFields(), ...again })).info).toBe('302');
    expect(issued.found).toEqual([true]);
    expect([await usedAt(signed.nonce), await usedAt(again.nonce)]).toEqual([null, null]);
    expect(await stakes(hu)).toBe(0);
    await s.login(gil);
    expect(await stakes(gil)).toBe(0);
  });

  it('refuses a wrong signature of a remembered challenge without using it up, then takes the right one', async () => {
    const di = await memberWith('100');
    const signed = await s.signed(di, 'investSave', stakeFields());
    const other = await s.signed(di, 'investSave', stakeFields());
    expect((await s.call('investapi/investSave', di, { ...stakeFields(), nonce: signed.nonce, signature: other.signature })).info).toBe(
      'Wallet signature is invalid',
    );
    expect(await usedAt(signed.nonce)).toBeNull();
    expect((await s.call('investapi/investSave', di, { ...stakeFields(), ...signed })).status).toBe(1);
  });

  it('refuses a remembered challenge after it expires', async () => {
    const ed = await memberWith('100');
    const signed = await s.signed(ed, 'investSave', stakeFields());
    s.clock.advance(DAY_MS / 24 / 12 + 1000);
    expect((await s.call('investapi/investSave', ed, { ...stakeFields(), ...signed })).info).toBe('Nonce is invalid or expired, please try again');
    expect(await usedAt(signed.nonce)).toBeNull();
  });

  it('opens one stake for a double submission of a remembered challenge', async () => {
    const flo = await memberWith('1000');
    const signed = await s.signed(flo, 'investSave', stakeFields());
    const replies = await Promise.all([1, 2].map(() => s.call('investapi/investSave', flo, { ...stakeFields(), ...signed })));
    expect(replies.map((r) => r.info).sort()).toEqual(['Nonce is invalid or expired, please try again', 'Success']);
    expect(await stakes(flo)).toBe(1);
    expect(await balance(flo)).toBe(parseEther('900'));
  });
});
