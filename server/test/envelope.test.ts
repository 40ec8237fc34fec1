import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../lib/envelope';
import { API_KEY, newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

async function post(body: string, type = 'application/x-www-form-urlencoded') {
  const res = await s.app.request('/api/v1/publicapi/getNonce', { method: 'POST', headers: { 'content-type': type }, body });
  return (await res.json()) as { status: number; info: string; data: unknown };
}

function signed(extra: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    purpose: 'login',
    ust: String(Math.floor(s.clock.now().getTime() / 1000)),
    language: 'en',
    address: newAccount().address,
    ...extra,
  };
  return { ...fields, sign: signEnvelope(fields, API_KEY) };
}

describe('the signed envelope', () => {
  it('accepts a form-encoded request and replies { status, info, data }', async () => {
    const reply = await post(new URLSearchParams(signed()).toString());
    expect(reply.status).toBe(1);
    expect(reply).toHaveProperty('data.nonce');
  });
  it('accepts the same fields as JSON and as multipart', async () => {
    expect((await post(JSON.stringify(signed()), 'application/json')).status).toBe(1);
    const form = new FormData();
    for (const [k, v] of Object.entries(signed())) form.set(k, v);
    const res = await s.app.request('/api/v1/publicapi/getNonce', { method: 'POST', body: form });
    expect(((await res.json()) as { status: number }).status).toBe(1);
  });
  it('rejects a wrong sign', async () => {
    const body = { ...signed(), sign: '0'.repeat(32) };
    expect(await post(new URLSearchParams(body).toString())).toEqual({ status: 0, info: 'Request signature is invalid', data: {} });
  });
  it('rejects a tampered field under a valid-looking sign', async () => {
    const body = { ...signed(), ust: String(Math.floor(s.clock.now().getTime() / 1000) + 1) };
    expect((await post(new URLSearchParams(body).toString())).info).toBe('Request signature is invalid');
  });
  it('rejects a ust outside ±5 minutes', async () => {
    const stale = String(Math.floor(s.clock.now().getTime() / 1000) - 301);
    expect((await post(new URLSearchParams(signed({ ust: stale })).toString())).info).toMatch(/expired/);
    const future = String(Math.floor(s.clock.now().getTime() / 1000) + 301);
    expect((await post(new URLSearchParams(signed({ ust: future })).toString())).info).toMatch(/expired/);
  });
  it('names a missing field, in the request language', async () => {
    const fields = signed({ language: 'zh' });
    delete (fields as Record<string, string>).ust;
    expect((await post(new URLSearchParams(fields).toString())).info).toBe('参数错误：ust');
  });
  it('rejects a non-address and a wrong type', async () => {
    expect((await post(new URLSearchParams(signed({ address: '0x1234' })).toString())).info).toBe('Invalid address');
    const nested = JSON.stringify({ ...signed(), extra: { a: 1 } });
    expect((await post(nested, 'application/json')).info).toBe('Invalid field: extra');
  });
  it('rejects an unknown content type and duplicate fields', async () => {
    expect((await post('x', 'text/plain')).info).toBe('参数错误：content-type');
    const dup = new URLSearchParams(signed()).toString() + '&ust=1';
    expect((await post(dup)).info).toBe('Invalid field: ust');
  });
  it('answers in all five languages', async () => {
    const infos = await Promise.all(
      ['zh', 'cht', 'en', 'fra', 'kor'].map(
        async (language) => (await post(new URLSearchParams({ ...signed({ language }), sign: 'f'.repeat(32) }).toString())).info,
      ),
    );
    expect(new Set(infos).size).toBe(5);
  });
  it('lets a form POST through CORS without a preflight and answers the configured origin', async () => {
    // The test server's app is the local stack's (LOCAL_APP_ORIGINS); CORS_ORIGINS defaults to it.
    const res = await s.app.request('/api/v1/publicapi/getNonce', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed()).toString(),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
  });
});
