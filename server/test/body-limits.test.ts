import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../lib/envelope';
import { API_KEY, newAccount, testServer } from './harness';

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

const PATH = '/api/v1/publicapi/getNonce';

async function post(body: BodyInit, headers: Record<string, string>) {
  const res = await s.app.request(PATH, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { status: res.status, reply: (await res.json()) as { status: number; info: string; data: unknown } };
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

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const manyKeys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');

describe('body size and shape', () => {
  it('refuses an envelope body over 64 KiB with 413, from its Content-Length', async () => {
    const body = `${new URLSearchParams(signed()).toString()}&pad=${'x'.repeat(70 * 1024)}`;
    const { status, reply } = await post(body, { ...form, 'content-length': String(body.length) });
    expect(status).toBe(413);
    expect(reply).toEqual({ status: 0, info: '请求内容过大', data: {} });
  });

  it('refuses a streamed body without Content-Length once it passes 64 KiB', async () => {
    const chunk = new TextEncoder().encode(`&${manyKeys(2000)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 1000) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const { status } = await post(stream, { ...form, 'transfer-encoding': 'chunked' });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(1000); // stopped reading long before the 20 MB end
  });

  it('refuses a small body of many fields with 400 before looking at any of them', async () => {
    const { status, reply } = await post(`${manyKeys(5000)}&language=en`, form);
    expect(status).toBe(400);
    expect(reply.info).toBe('请求字段过多');
    const json = await post(JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, '1']))), { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    const multipart = new FormData();
    for (let i = 0; i < 100; i++) multipart.append(`k${i}`, '1');
    expect((await s.app.request(PATH, { method: 'POST', body: multipart })).status).toBe(400);
  });

  it('refuses a key the endpoint does not read, by name, even under a valid sign', async () => {
    const { status, reply } = await post(new URLSearchParams(signed({ extra: '1' })).toString(), form);
    expect(status).toBe(200);
    expect(reply).toEqual({ status: 0, info: 'Invalid field: extra', data: {} });
    // A file part on a route that takes none is refused the same way.
    const multipart = new FormData();
    for (const [k, v] of Object.entries(signed())) multipart.set(k, v);
    multipart.set('photo', new Blob([new Uint8Array(10)]), 'a.jpg');
    const res = await s.app.request(PATH, { method: 'POST', body: multipart });
    expect(((await res.json()) as { info: string }).info).toBe('Invalid field: photo');
  });

  it('answers malformed multipart as an invalid body, not a server error', async () => {
    const broken = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--';
    const { reply } = await post(broken, { 'content-type': 'multipart/form-data; boundary=y' });
    expect(reply).toEqual({ status: 0, info: '参数错误：body', data: {} });
    expect((await post(broken, { 'content-type': 'multipart/form-data' })).reply.info).toBe('参数错误：body');
  });

  it('still accepts every field a signed endpoint reads (its input, the envelope, nonce and signature)', async () => {
    const member = await s.user();
    const reply = await s.act('investapi/investSave', member, { order_id: '1', day_id: '1' });
    expect(reply.info).toBe('This staking level does not exist');
  });
});
