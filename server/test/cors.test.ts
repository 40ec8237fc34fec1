import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../lib/envelope';
import { ENVELOPE_BODY_LIMIT } from '../http/route';
import { API_KEY, newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer({ corsOrigins: ['https://app.example'] })));
afterAll(() => s.close());

const form = (extra: Record<string, string> = {}) => {
  const fields = { purpose: 'login', ust: String(Math.floor(s.clock.now().getTime() / 1000)), language: 'en', address: newAccount().address, ...extra };
  return new URLSearchParams({ ...fields, sign: signEnvelope(fields, API_KEY) }).toString();
};
const call = (origin: string | undefined, body: string) =>
  s.app.request('/api/v1/publicapi/getNonce', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) }, body });

describe('CORS on the API with a list of origins', () => {
  it('answers a listed origin by name, with Vary: Origin, on a reply and on a refusal', async () => {
    for (const body of [form(), form({ sign: 'f'.repeat(32) }), 'x'.repeat(ENVELOPE_BODY_LIMIT + 1)]) {
      const res = await call('https://app.example', body);
      expect({ status: res.status, origin: res.headers.get('access-control-allow-origin'), vary: res.headers.get('vary') })
        .toMatchObject({ origin: 'https://app.example', vary: 'Origin' });
    }
  });

  it('names no origin to an unlisted one or to a call without Origin, and still varies on it', async () => {
    for (const origin of ['https://evil.example', undefined]) {
      const res = await call(origin, form());
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('vary')).toBe('Origin');
      expect(((await res.json()) as { status: number }).status).toBe(1);
    }
  });

  it('answers a preflight from a listed origin only', async () => {
    const preflight = (origin: string) => s.app.request('/api/v1/publicapi/getNonce', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const ok = await preflight('https://app.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
