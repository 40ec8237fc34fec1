import { eq } from 'drizzle-orm';
import { type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonces } from '../auth/tables';
import { userAncestors, users } from '../users/tables';
import { newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

const countUsers = async () => (await s.db.select().from(users)).length;

describe('sign-in and registration', () => {
  it('getUserExist says 301 for an unknown address and 1 for a registered one', async () => {
    const root = await s.root();
    expect((await s.call('publicapi/getUserExist', newAccount())).info).toBe('301');
    expect((await s.call('publicapi/getUserExist', root)).status).toBe(1);
  });

  it('logs in with a personal signature over the hex-encoded nonce and then reads the user info', async () => {
    const alice = await s.user();
    const info = await s.call('userapi/getUserInfo', alice);
    expect(info.status).toBe(1);
    expect(info.data).toMatchObject({ is_active: '0', lv: '0', identity_lv: '0', email: '', nolookmsg: '0', can_apply: '0' });
    expect(Object.keys(info.data).sort()).toEqual(['can_apply', 'email', 'identity_lv', 'is_active', 'lv', 'nolookmsg', 'star', 'username', 'v_lv']);
  });

  it('rejects a reused nonce', async () => {
    const root = await s.root();
    const signed = await s.signedNonce(root);
    expect((await s.call('publicapi/login', root, signed)).status).toBe(1);
    const again = await s.call('publicapi/login', root, signed);
    expect(again).toMatchObject({ status: 0, info: 'Nonce is invalid or expired, please try again' });
  });

  it('rejects an expired nonce', async () => {
    const root = await s.root();
    const signed = await s.signedNonce(root);
    s.clock.advance(301_000);
    expect((await s.call('publicapi/login', root, signed)).info).toMatch(/Nonce is invalid/);
  });

  it('rejects a nonce issued to another address, even when correctly signed', async () => {
    const [a, b] = [await s.root(), await s.root()];
    const { nonce, message } = await s.challenge(a, 'login');
    const signature: Hex = await b.signMessage({ message });
    expect((await s.call('publicapi/login', b, { nonce, signature })).info).toMatch(/Nonce is invalid/);
  });

  it('rejects a signature by another key and leaves the nonce unused', async () => {
    const root = await s.root();
    const { nonce, message } = await s.challenge(root, 'login');
    const signature: Hex = await newAccount().signMessage({ message });
    expect((await s.call('publicapi/login', root, { nonce, signature })).info).toBe('Wallet signature is invalid');
    const [row] = await s.db.select().from(nonces).where(eq(nonces.nonce, nonce));
    expect(row?.usedAt).toBeNull();
  });

  it('answers 302 without a session, with a session of another address, and 301 when unregistered', async () => {
    const [alice, bob] = [await s.user(), await s.user()];
    const bobGuid = s.sessions.get(bob.address);
    expect((await s.call('userapi/getUserInfo', alice, {}, { guid: bobGuid })).info).toBe('302');
    expect((await s.call('userapi/getUserInfo', newAccount())).info).toBe('302');
    const stranger = newAccount();
    expect((await s.call('publicapi/login', stranger, await s.signedNonce(stranger))).info).toBe('301');
  });

  it('answers 302 once the session has expired', async () => {
    const ivy = await s.user();
    expect((await s.call('userapi/getUserInfo', ivy)).status).toBe(1);
    s.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await s.call('userapi/getUserInfo', ivy)).info).toBe('302');
  });

  it('requires a registered inviter, refuses self-invites and registers an address once', async () => {
    const before = await countUsers();
    const lone = newAccount();
    expect((await s.register(lone, newAccount())).info).toBe('The inviter is not a registered user');
    expect((await s.register(lone, lone)).info).toBe('You cannot invite yourself');
    expect((await s.register(lone, { address: 'not-an-address' })).info).toBe('Invalid field: intro_address');
    expect(await countUsers()).toBe(before);
    const root = await s.root();
    expect((await s.register(lone, root)).status).toBe(1);
    expect((await s.register(lone, root)).info).toBe('This address is already registered');
  });

  it('leaves one user when the same address registers twice at once', async () => {
    const root = await s.root();
    const racer = newAccount();
    const [a, b] = [await s.signed(racer, 'reg', { intro_address: root.address }), await s.signed(racer, 'reg', { intro_address: root.address })];
    const replies = await Promise.all([a, b].map((n) => s.call('publicapi/reg', racer, { ...n, intro_address: root.address })));
    expect(replies.map((r) => r.status).sort()).toEqual([0, 1]);
    expect((await s.db.select().from(users).where(eq(users.address, racer.address))).length).toBe(1);
  });

  it('stores three generations above each user', async () => {
    const root = await s.root();
    const g1 = await s.user(root);
    const g2 = await s.user(g1);
    const g3 = await s.user(g2);
    const g4 = await s.user(g3);
    const [me] = await s.db.select().from(users).where(eq(users.address, g4.address));
    const ancestors = await s.db.select().from(userAncestors).where(eq(userAncestors.userId, me!.id));
    const byDepth = new Map(ancestors.map((a) => [a.depth, a.ancestorId]));
    const idOf = async (a: { address: string }) => (await s.db.select().from(users).where(eq(users.address, a.address)))[0]!.id;
    expect([...byDepth.keys()].sort()).toEqual([1, 2, 3]);
    expect(byDepth.get(1)).toBe(await idOf(g3));
    expect(byDepth.get(3)).toBe(await idOf(g1));
  });
});
