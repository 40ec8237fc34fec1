import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../lib/envelope';
import { ENVELOPE_BODY_LIMIT } from '../http/route';
import { API_KEY, newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer({ corsOrigins: ['https://app.example'], appOrigins: ['https://app.example'] })));
afterAll(() => s.close());

const form = (extra: Record<string, string> = {}) => {
  const fields = { purpose: 'login', ust: String(Math.floor(s.clock.now().getTime() / 1000)), language: 'en', address: newAccount().address, ...extra };
  return new URLSearchParams({ ...fields, sign: signEnvelope(fields, API_KEY) }).toString();
};
const call = (origin: string | undefined, body: string) =>
  s.app.request('/api/v1/publicapi/getNonce', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body,
  });

describe('CORS on the API with a list of origins', () => {
  it('answers a listed origin by name, with Vary: Origin, on a reply and on a refusal', async () => {
    for (const body of [form(), form({ sign: 'f'.repeat(32) }), 'x'.repeat(ENVELOPE_BODY_LIMIT + 1)]) {
      const res = await call('https://app.example', body);
      expect({ status: res.status, origin: res.headers.get('access-control-allow-origin'), vary: res.headers.get('vary') }).toMatchObject({
        origin: 'https://app.example',
        vary: 'Origin',
      });
    }
  });

  it('names no origin to an unlisted one or to a call without Origin, and still varies on it', async () => {
    for (const origin of ['https://evil.example', undefined]) {
      const res = await call(origin, form());
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('vary')).toBe('Origin');
      // The reply itself still comes (a sign-in from another site's page is refused: sign-in-origin.test.ts).
      expect(((await res.json()) as { status: number }).status).toBe(origin ? 0 : 1);
    }
  });

  it('answers a preflight from a listed origin only', async () => {
    const preflight = (origin: string) =>
      s.app.request('/api/v1/publicapi/getNonce', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const ok = await preflight('https://app.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS over a socket (replies written by @hono/node-server from their header record)', () => {
  it('sends the headers on a reply, a refusal, a body over its limit and an unknown path, and a rate limit keeps its Retry-After', async () => {
    const server = serve({ fetch: s.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (path: string, origin: string | undefined, body: string) =>
        fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) }, body });
      for (const [path, body, status] of [
        ['/api/v1/publicapi/getNonce', form(), 200],
        ['/api/v1/publicapi/getNonce', form({ sign: 'f'.repeat(32) }), 200],
        ['/api/v1/publicapi/getNonce', 'x'.repeat(ENVELOPE_BODY_LIMIT + 1), 413],
        ['/api/v1/publicapi/noSuchCall', form(), 404],
      ] as const) {
        const res = await post(path, 'https://app.example', body);
        expect({
          path,
          status: res.status,
          type: res.headers.get('content-type'),
          origin: res.headers.get('access-control-allow-origin'),
          vary: res.headers.get('vary'),
        }).toEqual({ path, status, type: 'application/json', origin: 'https://app.example', vary: 'Origin' });
      }
      const plain = await post('/api/v1/publicapi/getNonce', undefined, form());
      expect({ origin: plain.headers.get('access-control-allow-origin'), vary: plain.headers.get('vary') }).toEqual({ origin: null, vary: 'Origin' });
      const account = newAccount();
      let last: Response | undefined;
      for (let i = 0; i < 40 && last?.status !== 429; i++)
        last = await post('/api/v1/publicapi/getNonce', 'https://app.example', form({ address: account.address }));
      expect({ status: last?.status, retry: Number(last?.headers.get('retry-after')) > 0, origin: last?.headers.get('access-control-allow-origin') }).toEqual({
        status: 429,
        retry: true,
        origin: 'https://app.example',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
