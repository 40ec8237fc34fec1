import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveConsole } from '../http/console-static';

// The console's page on the admin app: its files with a CSP that forbids framing, never its API's paths.
let app: Hono;
let dir: string;
// The inline elements Next's export writes: Turbopack's chunk list, the flight data, and the not-found page's style.
const BOOT = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]})';
const FLIGHT = ['(self.__next_f=self.__next_f||[]).push([0])', 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])'];
const NOT_FOUND_STYLE = 'body{color:#000;background:#fff;margin:0}';
const page = (scripts: string[]) =>
  `<!doctype html><html><head><script src="/console/_next/static/chunks/a.js" async=""></script><script id="_R_">${BOOT}</script></head>` +
  `<body>${scripts.map((s) => `<script>${s}</script>`).join('')}</body></html>`;
/** What a browser compares: the sha256 of the element's text, base64. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string | null, name: string) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'console-'));
  mkdirSync(join(dir, '_next/static/chunks'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), page(FLIGHT).replace('<head>', '<head><title>console</title>'));
  mkdirSync(join(dir, '_not-found'));
  writeFileSync(join(dir, '_not-found/index.html'), `<!doctype html><style>${NOT_FOUND_STYLE}</style><div style="display:inline-block">404</div>`);
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

describe('the console page runs no inline script but its own', () => {
  it("lists a hash for every inline script of the served HTML and no 'unsafe-inline' for scripts", async () => {
    const res = await app.request('/console/');
    const scripts = directive(res.headers.get('content-security-policy'), 'script-src');
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts[0]).toBe("'self'");
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(3);
    for (const text of inline) expect(scripts).toContain(hashOf(text));
    // Nothing else: the three hashes of index.html (the not-found page has no inline script of its own).
    expect(scripts).toHaveLength(1 + 3);
  });
  it("allows no inline style but the export's own <style> element, by hash", async () => {
    const styles = directive((await app.request('/console/')).headers.get('content-security-policy'), 'style-src');
    expect(styles).toEqual(["'self'", hashOf(NOT_FOUND_STYLE)]);
  });
  it('reads the HTML again after a rebuild: the new inline scripts are listed, the old ones no longer', async () => {
    const before = directive((await app.request('/console/')).headers.get('content-security-policy'), 'script-src');
    const rebuilt = ['self.__next_f.push([1,"rebuilt"])'];
    writeFileSync(join(dir, 'index.html'), page(rebuilt));
    try {
      const after = directive((await app.request('/console/')).headers.get('content-security-policy'), 'script-src');
      expect(after).toEqual(["'self'", hashOf(BOOT), hashOf(rebuilt[0]!)]);
      expect(after).not.toContain(hashOf(FLIGHT[1]!));
      expect(before).toContain(hashOf(FLIGHT[1]!));
    } finally {
      writeFileSync(join(dir, 'index.html'), page(FLIGHT).replace('<head>', '<head><title>console</title>'));
    }
  });
});
