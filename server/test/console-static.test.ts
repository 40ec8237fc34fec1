import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveConsole } from '../http/console-static';

// The console's page on the admin app (issue 34): its files with a CSP that forbids framing, never its API's paths.
let app: Hono;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'console-'));
  mkdirSync(join(dir, '_next/static/chunks'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, '_next/static/chunks/a.js'), 'console.log(1)');
  mkdirSync(join(dir, 'api'));
  writeFileSync(join(dir, 'api/index.html'), 'a file where the API lives');
  app = new Hono();
  app.post('/console/api/ping', (c) => c.json({ ok: true, data: 'pong' }));
  serveConsole(app, dir);
});

describe('the console page on the admin app', () => {
  it('serves index.html at /console/ with frame-ancestors none and no caching of the HTML', async () => {
    const res = await app.request('/console/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>console</title>');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
  it('caches hashed assets for a year', async () => {
    const res = await app.request('/console/_next/static/chunks/a.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
  it('redirects /console to /console/ and answers 404 for a missing file', async () => {
    const bare = await app.request('/console');
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/console/');
    expect((await app.request('/console/nope.js')).status).toBe(404);
  });
  it('leaves /console/api/ to the API: no file is read for it', async () => {
    const api = await app.request('/console/api/ping', { method: 'POST' });
    expect(await api.json()).toEqual({ ok: true, data: 'pong' });
    expect((await app.request('/console/api/index.html')).status).toBe(404);
    expect(api.headers.get('content-security-policy')).toBeNull();
  });
  it('never serves a file outside its folder', async () => {
    expect((await app.request('/console/../../etc/passwd')).status).toBe(404);
    expect((await app.request('/console/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});
