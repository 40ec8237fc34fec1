import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonces, sessions } from '../auth/tables';
import { DAY_MS } from '../clock';
import { newAccount, testServer } from './harness';
import { deposit, seedLevels } from './money';

let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
beforeAll(async () => {
  s = await testServer();
  lv = await seedLevels(s.db);
});
afterAll(() => s.close());

const stakeFields = () => ({ order_id: lv.small, day_id: lv.smallTen });
const newestPledge = async (a: { address: string }) =>
  ((await s.call('investapi/getInvestList', a, { page: '1', limit: '1' })).data as { list: { pledge_id: string; amount: string }[] }).list[0]!;

describe('purpose-bound, readable signatures', () => {
  it('signs in with an EIP-4361 message naming the site, the account, the chain, the nonce and its expiry', async () => {
    const root = await s.root();
    const { message, nonce } = await s.challenge(root, 'login');
    const siwe = parseSiweMessage(message);
    expect(siwe).toMatchObject({
      address: root.address,
      chainId: 1,
      nonce,
      version: '1',
      domain: '127.0.0.1:3000',
      uri: 'http://127.0.0.1:3000',
      statement: 'Sign in to WLD Staking with this wallet.',
    });
    expect(siwe.expirationTime!.getTime() - siwe.issuedAt!.getTime()).toBe(300_000);
  });

  it('states a stake in words, in the request language, with the account, nonce and expiry', async () => {
    const amy = await s.user();
    const en = await s.challenge(amy, 'investSave', stakeFields());
    expect(en.message).toBe(
      `WLD Staking asks you to confirm:\n\nStake 100 WLD for 10 days at 1% a day.\n\nAccount: ${amy.address}\nNonce: ${en.nonce}\nExpires: 2026-01-01T00:05:00.000Z`,
    );
    const zh = await s.challenge(amy, 'investSave', stakeFields(), { language: 'zh' });
    expect(zh.message).toContain('质押 100 WLD，周期 10 天，日分红 1%。');
  });

  it('checks the inviter before any signature: a registration challenge for a stranger is refused with the reason', async () => {
    const newcomer = newAccount();
    const reply = await s.challenge(newcomer, 'reg', { intro_address: newcomer.address });
    expect(reply.reply).toMatchObject({ status: 0, info: 'You cannot invite yourself' });
    const root = await s.root();
    const ok = await s.challenge(newcomer, 'reg', { intro_address: root.address });
    expect(parseSiweMessage(ok.message).statement).toBe(`Register on WLD Staking with inviter ${root.address} and sign in with this wallet.`);
  });

  it('refuses a login signature for a stake', async () => {
    const bea = await s.user();
    await deposit(s.db, s.clock, bea.address, '100');
    const login = await s.signed(bea, 'login');
    const reply = await s.call('investapi/investSave', bea, { ...stakeFields(), ...login });
    expect(reply).toMatchObject({ status: 0, info: 'This signature was made for another action, please try again' });
  });

  it('refuses a stake signature for other parameters', async () => {
    const cal = await s.user();
    await deposit(s.db, s.clock, cal.address, '1000');
    const signed = await s.signed(cal, 'investSave', stakeFields());
    const reply = await s.call('investapi/investSave', cal, { order_id: lv.big, day_id: lv.bigTen, ...signed });
    expect(reply.info).toBe('This signature was made for another action, please try again');
    expect((await s.call('investapi/investSave', cal, { ...stakeFields(), ...signed })).status).toBe(1);
  });

  it('reads the session before the challenge: 302 first, a nonce of another member is no nonce, and neither is used up', async () => {
    const fay = await s.user();
    const gus = await s.user();
    await deposit(s.db, s.clock, fay.address, '1000');
    await deposit(s.db, s.clock, gus.address, '1000');
    const mine = await s.signed(fay, 'investSave', stakeFields());
    const theirs = await s.signed(gus, 'investSave', stakeFields());
    // No session of this address: 302, before the nonce fields are even checked, and the signed nonce stays unused.
    expect((await s.call('investapi/investSave', fay, { ...stakeFields(), ...mine }, { guid: s.sessions.get(gus.address) })).info).toBe('302');
    expect((await s.call('investapi/investSave', fay, stakeFields(), { guid: 'f'.repeat(64) })).info).toBe('302');
    // Another member's nonce, with its own valid signature, is not one issued to this address.
    expect((await s.call('investapi/investSave', fay, { ...stakeFields(), ...theirs })).info).toBe('Nonce is invalid or expired, please try again');
    expect((await s.call('investapi/investSave', fay, { ...stakeFields(), ...mine })).status).toBe(1);
    expect((await s.call('investapi/investSave', gus, { ...stakeFields(), ...theirs })).status).toBe(1);
  });

  it('refuses upgrade, apply and confirm redemption without a signature', async () => {
    const dee = await s.user();
    await deposit(s.db, s.clock, dee.address, '600');
    expect((await s.act('investapi/investSave', dee, stakeFields())).status).toBe(1);
    const { pledge_id } = await newestPledge(dee);
    for (const path of ['investapi/investUpgrade', 'investapi/applyRedeem', 'investapi/confirmRedeem']) {
      const fields: Record<string, string> = path.endsWith('investUpgrade') ? { pledge_id, order_id: lv.big } : { pledge_id };
      expect((await s.call(path, dee, fields)).info).toBe('Invalid field: nonce');
    }
    expect((await s.act('investapi/investUpgrade', dee, { pledge_id, order_id: lv.big })).status).toBe(1);
    expect((await newestPledge(dee)).amount).toBe(parseEther('500').toString());
  });

  it("does not word another member's stake", async () => {
    const [eve, fox] = [await s.user(), await s.user()];
    await deposit(s.db, s.clock, eve.address, '100');
    await s.act('investapi/investSave', eve, stakeFields());
    const { pledge_id } = await newestPledge(eve);
    expect((await s.challenge(fox, 'applyRedeem', { pledge_id })).reply.info).toBe('Stake not found');
  });

  it("asks for the action's session before its wording: 302 and 301 first, and no nonce stored without a session", async () => {
    const ida = await s.user();
    const stranger = newAccount();
    const stored = async (address: string) => (await s.db.select().from(nonces).where(eq(nonces.address, address))).length;
    const noSession = { guid: 'f'.repeat(64) };
    const ask = (who: { address: string }, fields: Record<string, string>, opts = noSession) =>
      s.call('publicapi/getNonce', who, { purpose: 'investSave', ...fields }, opts);
    const signInNonces = await stored(ida.address);
    expect((await ask(ida, stakeFields())).info).toBe('302');
    // A level that does not exist is not worded before the session is known.
    expect((await ask(ida, { order_id: '999999', day_id: lv.smallTen })).info).toBe('302');
    expect((await s.call('publicapi/getNonce', ida, { purpose: 'applyRedeem', pledge_id: '999999' }, noSession)).info).toBe('302');
    // Another member's session guid is no session of this address.
    expect((await ask(ida, stakeFields(), { guid: s.sessions.get((await s.user()).address)! })).info).toBe('302');
    expect(await stored(ida.address)).toBe(signInNonces);
    // A live session of an address that is not registered (none is opened so, but the check stands on its own).
    await s.db.insert(sessions).values({ guid: 'e'.repeat(64), address: stranger.address, expiresAt: new Date(s.clock.now().getTime() + 60_000) });
    expect((await ask(stranger, stakeFields(), { guid: 'e'.repeat(64) })).info).toBe('301');
    expect((await ask(stranger, { order_id: '999999', day_id: lv.smallTen }, { guid: 'e'.repeat(64) })).info).toBe('301');
    expect(await stored(stranger.address)).toBe(0);
    // Signed in: the level is looked into, and a good one gets its nonce.
    expect((await s.challenge(ida, 'investSave', { order_id: '999999', day_id: lv.smallTen })).reply.info).toBe('This staking level does not exist');
    expect((await s.challenge(ida, 'investSave', stakeFields())).reply.status).toBe(1);
    expect(await stored(ida.address)).toBe(signInNonces + 1);
  });

  it("uses a login's nonce up even when the answer is '301'", async () => {
    const stranger = newAccount();
    const signed = await s.signed(stranger, 'login');
    expect((await s.call('publicapi/login', stranger, signed)).info).toBe('301');
    expect((await s.call('publicapi/login', stranger, signed)).info).toMatch(/Nonce is invalid/);
  });

  it('ends older sessions at a new login, and logout ends the current one', async () => {
    const gil = await s.user();
    const first = s.sessions.get(gil.address);
    await s.login(gil);
    expect((await s.call('userapi/getUserInfo', gil, {}, { guid: first })).info).toBe('302');
    expect((await s.call('userapi/getUserInfo', gil)).status).toBe(1);
    expect((await s.call('userapi/logout', gil)).status).toBe(1);
    expect((await s.call('userapi/getUserInfo', gil)).info).toBe('302');
  });

  it("uses a stake's nonce up with the refusal: the same signature is refused again after the balance arrives", async () => {
    const ivy = await s.user();
    const signed = await s.signed(ivy, 'investSave', stakeFields());
    expect((await s.call('investapi/investSave', ivy, { ...stakeFields(), ...signed })).info).toBe('Insufficient balance');
    await deposit(s.db, s.clock, ivy.address, '100');
    expect((await s.call('investapi/investSave', ivy, { ...stakeFields(), ...signed })).info).toMatch(/Nonce is invalid/);
    const [used] = await s.db.select().from(nonces).where(eq(nonces.nonce, signed.nonce));
    expect(used?.usedAt).toEqual(s.clock.now());
    expect((await s.call('investapi/getInvestList', ivy, { page: '1', limit: '10' })).data).toMatchObject({ list: [] });
  });

  it('refuses a challenge after it expires', async () => {
    const hal = await s.user();
    await deposit(s.db, s.clock, hal.address, '100');
    const signed = await s.signed(hal, 'investSave', stakeFields());
    s.clock.advance(DAY_MS / 24 / 12 + 1000);
    expect((await s.call('investapi/investSave', hal, { ...stakeFields(), ...signed })).info).toMatch(/Nonce is invalid/);
  });
});
