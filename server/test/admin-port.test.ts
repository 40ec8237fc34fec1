import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rowsOf } from '../db/client';
import { createAdminApp } from '../http/routes-admin';
import { indexerHold } from '../jobs/indexer-hold';
import { newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

const TOKEN = 'an-admin-token-for-the-test';
const op = (token: string, body: unknown = { op: 'root.add', args: [newAccount().address] }) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});
const preflight = {
  method: 'OPTIONS',
  headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
};

describe('the operator surface on its own loopback port', () => {
  it('serves no admin route on the public app, and its CORS answers no preflight outside /api', async () => {
    expect((await s.app.request('/admin/op', op(TOKEN))).status).toBe(404);
    const res = await s.app.request('/admin/op', preflight);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // The API itself still answers the app's own pages (the test server's app is the local stack's).
    const fromApp = { ...preflight, headers: { ...preflight.headers, origin: 'http://127.0.0.1:3000' } };
    expect((await s.app.request('/api/v1/publicapi/getNonce', fromApp)).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
  });

  it('serves the admin routes on their own app, behind the token, without CORS', async () => {
    const admin = createAdminApp({ db: s.db, clock: s.clock, config: s.config }, TOKEN);
    expect((await admin.request('/admin/op', op('wrong-token-of-the-same-size!'))).status).toBe(401);
    const ok = await admin.request('/admin/op', op(TOKEN));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { address: string } }).result.address).toMatch(/^0x/);
    expect((await admin.request('/admin/op', op(TOKEN, { op: 'no.such', args: [] }))).status).toBe(400);
    const res = await admin.request('/admin/op', preflight);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.status).toBe(401);
    // No clock route without the local stack's clock.
    expect((await admin.request('/admin/clock/advance', op(TOKEN, { seconds: 60 }))).status).toBe(404);
  });

  it('sends the embedded database as an image with its SHA-256, the server role kept; on PostgreSQL it names pg_dump', async () => {
    const admin = createAdminApp({ db: s.db, clock: s.clock, config: s.config }, TOKEN, { dataDirImage: s.image });
    const added = (await (await admin.request('/admin/op', op(TOKEN))).json()) as { result: { address: string } };
    expect((await admin.request('/admin/backup', { headers: { authorization: 'Bearer wrong-token-of-the-same-size!' } })).status).toBe(401);
    const res = await admin.request('/admin/backup', { headers: { authorization: `Bearer ${TOKEN}` } });
    if (!s.image) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toMatch(/pg_dump/);
      return;
    }
    expect(res.status).toBe(200);
    const image = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('x-backup-sha256')).toBe(createHash('sha256').update(image).digest('hex'));
    // The image opens on its own and holds what was written before it; the server's session is still its own role.
    const copy = await PGlite.create({ loadDataDir: new Blob([image]) });
    expect((await copy.query('select address from users where address = $1', [added.result.address])).rows).toHaveLength(1);
    await copy.close();
    expect(await rowsOf(s.db, sql`select current_user as role`)).toEqual([{ role: 'wld_server' }]);
  });

  it('holds the indexer only on the local stack, and a hold answers once the round under way has ended', async () => {
    expect((await createAdminApp({ db: s.db, clock: s.clock, config: s.config }, TOKEN).request('/admin/indexer/hold', op(TOKEN, { held: true }))).status).toBe(
      404,
    );
    const hold = indexerHold();
    const admin = createAdminApp({ db: s.db, clock: s.clock, config: s.config }, TOKEN, { indexerHold: hold });
    let endRound = () => {};
    hold.track(new Promise<void>((resolve) => (endRound = resolve)));
    let answered = false;
    const held = Promise.resolve(admin.request('/admin/indexer/hold', op(TOKEN, { held: true }))).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect([hold.held, answered]).toEqual([true, false]);
    endRound();
    expect(await (await held).json()).toEqual({ result: { held: true } });
    expect((await admin.request('/admin/indexer/hold', op(TOKEN, { held: 'yes' }))).status).toBe(400);
    await admin.request('/admin/indexer/hold', op(TOKEN, { held: false }));
    expect(hold.held).toBe(false);
  });

  it('refuses an ADMIN_PORT equal to PORT', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).adminPort).toBe(8788);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: '9000', ADMIN_PORT: '9000' })).toThrow('ADMIN_PORT: must differ from PORT');
  });
});
