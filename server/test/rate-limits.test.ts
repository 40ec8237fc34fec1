import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../lib/envelope';
import { purgeExpired } from '../jobs/purge';
import { nonces, rateLimits } from '../auth/tables';
import { emailCodes } from '../email/tables';
import { users } from '../users/tables';
import { createApp } from '../http/app';
import { counterWriter } from '../auth/rate-limit-store';
import { RATE_LIMITS } from '../http/rate-limits';
import { API_KEY, newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer({ trustProxy: 1 })));
afterAll(() => s.close());

type Reply = { status: number; info: string; data: Record<string, unknown> };

/** A signed getNonce (or another call) from `ip`, as a load balancer forwards it. */
async function from(
  ip: string,
  address: string,
  opts: { path?: string; language?: string; forwardedFor?: string; app?: typeof s.app; fields?: Record<string, string> } = {},
) {
  const fields: Record<string, string> = {
    purpose: 'login',
    ...opts.fields,
    ust: String(Math.floor(s.clock.now().getTime() / 1000)),
    language: opts.language ?? 'en',
    address,
  };
  if (opts.path) delete fields.purpose;
  fields.sign = signEnvelope(fields, API_KEY);
  const res = await (opts.app ?? s.app).request(`/api/v1/${opts.path ?? 'publicapi/getNonce'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': opts.forwardedFor ?? ip },
    body: new URLSearchParams(fields).toString(),
  });
  return { http: res.status, retryAfter: res.headers.get('retry-after'), reply: (await res.json()) as Reply };
}

const { challenge } = RATE_LIMITS;

describe('rate limits', () => {
  it('refuses getNonce past its allowance per address, with 429, Retry-After and a localised reason', async () => {
    const address = newAccount().address;
    for (let i = 0; i < challenge.address; i++) expect((await from(`10.1.0.${i}`, address)).reply.status).toBe(1);
    const refused = await from('10.1.1.1', address);
    expect(refused.http).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.reply.info).toMatch(/^Too many requests: please try again in \d+ s$/);
    const infos = await Promise.all(['zh', 'cht', 'fra', 'kor'].map(async (language) => (await from('10.1.1.2', address, { language })).reply.info));
    expect(new Set(infos).size).toBe(4);
    expect(infos[0]).toMatch(/^请求过于频繁/);
    // No challenge row was written for a refused call.
    expect(await s.db.select().from(nonces).where(eq(nonces.address, address))).toHaveLength(challenge.address);
  });

  it('refuses one IP past its allowance whatever addresses it uses; another IP still passes', async () => {
    for (let i = 0; i < challenge.ip; i++) expect((await from('10.2.0.1', newAccount().address)).reply.status).toBe(1);
    expect((await from('10.2.0.1', newAccount().address)).http).toBe(429);
    expect((await from('10.2.0.2', newAccount().address)).reply.status).toBe(1);
  });

  it('counts every call exactly when many arrive at once from one IP: its allowance passes, the rest are refused', async () => {
    const addresses = Array.from({ length: challenge.ip + 10 }, () => newAccount().address);
    const replies = await Promise.all(addresses.map((address) => from('10.6.0.1', address)));
    expect(replies.filter((r) => r.reply.status === 1)).toHaveLength(challenge.ip);
    expect(replies.filter((r) => r.http === 429)).toHaveLength(10);
    // Every call that reached the database was counted once (one refused from memory, once the IP was over, is not),
    // and the counter may hold the slots written ahead for the IP's next calls (rate-limit-leases.ts): fewer than one
    // and a half tenths of its allowance.
    const [ip] = await s.db.select().from(rateLimits).where(eq(rateLimits.key, 'challenge:ip:10.6.0.1'));
    expect(ip!.points).toBeGreaterThan(challenge.ip);
    expect(ip!.points).toBeLessThan(challenge.ip + 10 + 1.5 * Math.floor(challenge.ip / 10));
    const passed = addresses.filter((_, i) => replies[i]!.reply.status === 1).map((a) => `challenge:address:${a.toLowerCase()}`);
    const counted = await s.db.select().from(rateLimits).where(inArray(rateLimits.key, passed));
    expect(counted.map((row) => row.points)).toEqual(passed.map(() => 1));
  });

  it('counts a key asked for several times at once as if the calls ran one after another', async () => {
    const write = counterWriter(s.db);
    const expire = new Date(Date.now() + 60_000).toISOString();
    const [x1, x2, y] = await Promise.all([
      write({ key: 'test:x', points: 1, expire }),
      write({ key: 'test:x', points: 2, expire }),
      write({ key: 'test:y', points: 1, expire }),
    ]);
    expect([x1!.points, x2!.points, y!.points]).toEqual([1, 3, 1]);
    // 300 more, asked while the writer may have a statement in flight: each sees its own count, once.
    const counts = await Promise.all(Array.from({ length: 300 }, () => write({ key: 'test:x', points: 1, expire })));
    expect(counts.map((c) => c.points).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 4));
    const [stored] = await s.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:x'));
    expect(stored?.points).toBe(303);
  });

  it('restarts an ended window once for all the calls of a batch', async () => {
    const write = counterWriter(s.db);
    await s.db.insert(rateLimits).values({ key: 'test:ended', points: 50, expire: new Date(Date.now() - 1000) });
    const expire = new Date(Date.now() + 60_000).toISOString();
    const counts = await Promise.all([1, 2, 3].map(() => write({ key: 'test:ended', points: 1, expire })));
    expect(counts.map((c) => c.points)).toEqual([1, 2, 3]);
    expect(counts[0]!.expire?.toISOString()).toBe(expire);
  });

  it('trusts only the entries its proxies appended to X-Forwarded-For', async () => {
    // With TRUST_PROXY=1 the last entry is the client; anything before it is the client's own claim.
    for (let i = 0; i < challenge.ip; i++) await from('', newAccount().address, { forwardedFor: `198.51.100.${i % 250}, 10.3.0.1` });
    expect((await from('', newAccount().address, { forwardedFor: '203.0.113.9, 10.3.0.1' })).http).toBe(429);
  });

  it('shares the counters through the database between server processes: together they pass no more than the allowance', async () => {
    const apps = [s.app, createApp({ db: s.db, clock: s.clock, config: s.config })];
    const address = newAccount().address;
    let passed = 0;
    for (let i = 0; i < challenge.address + 5; i++) if ((await from(`10.4.0.${i}`, address, { app: apps[i % 2] })).reply.status === 1) passed++;
    // Each process may have written slots ahead that it did not use (rate-limit-leases.ts): fewer than 1.5 tenths each.
    expect(passed).toBeLessThanOrEqual(challenge.address);
    expect(passed).toBeGreaterThan(challenge.address - 2 * 1.5 * Math.floor(challenge.address / 10));
    for (const app of apps) expect((await from('10.4.1.1', address, { app })).http).toBe(429);
    expect((await s.db.select().from(rateLimits).where(like(rateLimits.key, 'challenge:address:%'))).length).toBeGreaterThan(0);
  });

  it("passes no more than the allowance when two processes take one address's calls at once", async () => {
    const apps = [s.app, createApp({ db: s.db, clock: s.clock, config: s.config })];
    const address = newAccount().address;
    const replies = await Promise.all(Array.from({ length: challenge.address + 10 }, (_, i) => from(`10.7.0.${i}`, address, { app: apps[i % 2] })));
    const passed = replies.filter((r) => r.reply.status === 1).length;
    expect(passed).toBeLessThanOrEqual(challenge.address);
    expect(passed).toBeGreaterThan(challenge.address - 2 * 1.5 * Math.floor(challenge.address / 10));
    expect(replies.filter((r) => r.http === 429)).toHaveLength(challenge.address + 10 - passed);
  });

  it('counts reads in memory, never in the database', async () => {
    const address = newAccount().address;
    for (let i = 0; i < 5; i++) expect((await from('10.5.0.1', address, { path: 'publicapi/getSwap', fields: { position: '1' } })).reply.status).toBe(1);
    expect(await s.db.select().from(rateLimits).where(like(rateLimits.key, 'read:%'))).toHaveLength(0);
  });

  it('purges ended counters and email codes an hour past expiry', async () => {
    const member = await s.user();
    const [user] = await s.db.select().from(users).where(eq(users.address, member.address));
    await s.db
      .insert(emailCodes)
      .values({ userId: user!.id, purpose: 'bind', email: 'a@example.com', codeHash: 'x:y', expiresAt: new Date(s.clock.now().getTime() + 600_000) });
    await s.db.insert(rateLimits).values({ key: 'challenge:ip:192.0.2.1', points: 3, expire: new Date(Date.now() - 1000) });
    let purged = await purgeExpired(s.db, s.clock);
    expect(purged.emailCodes).toBe(0);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await s.db.select().from(rateLimits).where(eq(rateLimits.key, 'challenge:ip:192.0.2.1'))).toHaveLength(0);
    s.clock.advance(600_000 + 30 * 60_000);
    expect((await purgeExpired(s.db, s.clock)).emailCodes).toBe(0); // within the hour's grace
    s.clock.advance(31 * 60_000);
    purged = await purgeExpired(s.db, s.clock);
    expect(purged.emailCodes).toBe(1);
    expect(await s.db.select().from(emailCodes).where(eq(emailCodes.userId, user!.id))).toHaveLength(0);
  });
});

describe('challenges', () => {
  it('looks the nonce up before verifying any signature', async () => {
    const member = newAccount();
    const garbage = `0x${'11'.repeat(65)}`;
    // An unknown nonce with a signature that could never verify: refused as a bad nonce, so no signature was checked.
    const unknown = await s.call('publicapi/login', member, { nonce: 'ab'.repeat(16), signature: garbage });
    expect(unknown.info).toBe('Nonce is invalid or expired, please try again');
    // The same signature on a nonce that was issued reaches the signature check.
    const { nonce } = await s.challenge(member, 'login');
    expect((await s.call('publicapi/login', member, { nonce, signature: garbage })).info).toBe('Wallet signature is invalid');
  });
});
