import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { LocalAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { rowsOf } from '../db/client';
import { createAdminApp } from '../http/routes-admin';
import { recordAudit } from '../operators/audit';
import { FULL_CHECK_MS } from '../operators/audit-chain';
import { addOperator } from '../operators/operators';
import { newAccount, testServer } from './harness';

// The audit log through the console and the CLI. Every audited change commits with its audit row or not at all:
// the audit insert is made to fail (a trigger the owner adds for the test's actions), and the change must not be
// there afterwards. The Health page and audit.verify (npm run audit:verify) say whether the chain is whole.

let s: Awaited<ReturnType<typeof testServer>>;
let admin: ReturnType<typeof createAdminApp>;
type Session = { cookie: string; csrf: string };

beforeAll(async () => {
  s = await testServer();
  admin = createAdminApp({ db: s.db, clock: s.clock, config: s.config }, 'an-admin-token-for-the-test');
  await s.asOwner(async (owner) => {
    await owner.execute(sql`create function refuse_test_audits() returns trigger language plpgsql as $$
      begin if NEW.action in ('setAgreement', 'removeBanner', 'uploadBannerImage', 'cli:agreement.set') then raise exception 'the audit row is refused'; end if; return NEW; end $$`);
    await owner.execute(sql`create trigger refuse_test_audits before insert on audit_log for each row execute function refuse_test_audits()`);
  });
});
afterAll(() => s.close());

async function post(name: string, body: unknown, session?: Session) {
  const res = await admin.request(`/console/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string } } };
}

async function signIn(account: LocalAccount): Promise<Session> {
  const message = String((await post('getNonce', { address: account.address })).body.data!.message);
  const res = await admin.request('/console/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
  const body = (await res.json()) as { data: { csrfToken: string } };
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: body.data.csrfToken };
}

const bannerImages = async () => (await rowsOf<{ n: number }>(s.db, sql`select count(*)::int as n from banner_images`))[0]!.n;

describe('an audited change and its audit row commit together', () => {
  let boss: Session;
  beforeAll(async () => {
    const account = newAccount();
    await addOperator(s.db, s.clock, null, { address: account.address, roles: ['admin'] });
    boss = await signIn(account);
  });

  it('leaves a console change undone when its audit row cannot be written', async () => {
    const before = await post('agreement', {}, boss);
    const banner = await post('addBanner', { image: '/banners/kept.png', titles: { zh: '保留', en: 'Kept' } }, boss);
    expect(banner.body.error).toBeUndefined();

    const refused = await post('setAgreement', { texts: { zh: '<p>未生效</p>', en: '<p>Not applied</p>' } }, boss);
    expect(refused.status).toBe(500);
    expect(refused.body.error!.code).toBe('internal');
    expect((await post('agreement', {}, boss)).body.data).toEqual(before.body.data);

    const bannerId = String(banner.body.data!.id);
    expect((await post('removeBanner', { id: bannerId }, boss)).body.error!.code).toBe('internal');
    expect(((await post('banners', {}, boss)).body.data as unknown as { id: string }[]).map((b) => b.id)).toContain(bannerId);
  });

  it('stores no banner image when the upload’s audit row cannot be written', async () => {
    const images = await bannerImages();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    expect((await post('uploadBannerImage', { name: 'red.png', base64: png.toString('base64') }, boss)).body.error!.code).toBe('internal');
    expect(await bannerImages()).toBe(images);
  });

  it('leaves a CLI change undone when its audit row cannot be written', async () => {
    const agreement = () => rowsOf<{ value: string }>(s.db, sql`select value from settings where key = 'agreement.zh'`);
    const stored = await agreement();
    await expect(runOp(s.db, 'agreement.set', ['zh', '<p>命令行未生效</p>'], s.clock)).rejects.toThrow(/Failed query/);
    expect(await agreement()).toEqual(stored);
  });
});

describe('the Health page and audit.verify', () => {
  it('show the chain whole, then the first row an owner changed', async () => {
    const account = newAccount();
    await addOperator(s.db, s.clock, null, { address: account.address, roles: ['support'] });
    const support = await signIn(account);
    const head = async () =>
      (
        await rowsOf<{ id: number; hash: string; n: number }>(
          s.db,
          sql`select id, hash, (select count(*)::int from audit_log) as n from audit_log order by id desc limit 1`,
        )
      )[0]!;
    const first = await head();
    const whole = { ok: true, rows: first.n, head: first.hash, firstBreak: null };
    expect((await post('health', {}, support)).body.data!.auditChain).toEqual(whole);
    expect(await runOp(s.db, 'audit.verify', [], s.clock)).toEqual(whole);

    await recordAudit(s.db, { operator: null, action: 'test.appended', target: null }, s.clock.now());
    const added = await head();
    expect((await post('health', {}, support)).body.data!.auditChain).toEqual({ ok: true, rows: first.n + 1, head: added.hash, firstBreak: null });

    await s.asOwner(async (owner) => {
      await owner.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
      await owner.execute(sql`update audit_log set operator = '0xforged' where id = ${added.id}`);
    });
    // The Health page checks the rows added since its last whole check, and them all again after FULL_CHECK_MS.
    s.clock.advance(FULL_CHECK_MS);
    const broken = { ok: false, rows: first.n, head: first.hash, firstBreak: { id: added.id, reason: 'hash' } };
    expect((await post('health', {}, support)).body.data!.auditChain).toEqual(broken);
    expect(await runOp(s.db, 'audit.verify', [], s.clock)).toEqual(broken);
  });
});
