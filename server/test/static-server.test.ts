import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../stack/precompress';
import { type StaticServer, serveStatic } from '../../stack/static-server';

// The static server the benches, npm start and the e2e suite use serves the export as a CDN would.
let site: string;
let server: StaticServer;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(site, '_next/static/chunks'), { recursive: true });
  writeFileSync(join(site, '_next/static/chunks/app.js'), script);
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>t</title>${'<p>hello</p>'.repeat(200)}`);
  expect(precompress(site).files).toBe(2);
  server = await serveStatic(site);
});
afterAll(() => server.close());

describe('static server', () => {
  it('sends the precompressed brotli or gzip body the browser accepts', async () => {
    const br = await fetch(`${server.url}_next/static/chunks/app.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(script); // fetch decodes it
    const gz = await fetch(`${server.url}_next/static/chunks/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBeLessThan(script.length / 10);
  });

  it('caches hashed assets for a year and revalidates the HTML', async () => {
    expect((await fetch(`${server.url}_next/static/chunks/app.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(server.url)).headers.get('cache-control')).toBe('no-cache');
  });
});
