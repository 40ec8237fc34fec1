import { describe, expect, it } from 'vitest';
import { verifyEnvelope } from '../envelope';
import { ApiError, apiPost } from './client';
import { buildRequest } from './request';

const ctx = {
  baseUrl: 'http://api.test/',
  apiKey: 'k',
  address: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  language: 'en' as const,
  now: () => 1_795_000_000_000,
};
const reply = (body: unknown) => (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch;

describe('api client', () => {
  it('adds ust, language, the checksummed address, the guid when stored, and a sign the server accepts', () => {
    const fields = buildRequest({ limit: '5' }, { ...ctx, guid: 'g' });
    expect(fields).toMatchObject({ limit: '5', ust: '1795000000', language: 'en', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', guid: 'g' });
    expect(verifyEnvelope(fields, 'k')).toBe(true);
    expect('guid' in buildRequest({}, ctx)).toBe(false);
  });
  it('posts form-encoded to /api/v1/<path> and returns data on status 1', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify({ status: 1, info: 'ok', data: { nonce: 'n' } }));
    }) as unknown as typeof fetch;
    expect(await apiPost('publicapi/getNonce', {}, ctx, fetchImpl)).toEqual({ nonce: 'n' });
    expect(seen?.url).toBe('http://api.test/api/v1/publicapi/getNonce');
    expect((seen?.init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
  });
  it('maps 301, 302, other infos, a missing data field and network failures', async () => {
    const fail = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: ApiError) => [e.kind, e.message],
      );
    expect(await fail(apiPost('x', {}, ctx, reply({ status: 0, info: '301', data: {} })))).toEqual(['register', '301']);
    expect(await fail(apiPost('x', {}, ctx, reply({ status: 0, info: '302', data: {} })))).toEqual(['login', '302']);
    expect(await fail(apiPost('x', {}, ctx, reply({ status: 0, info: 'Insufficient balance', data: {} })))).toEqual(['server', 'Insufficient balance']);
    expect(await fail(apiPost('x', {}, ctx, reply({ status: 1, info: 'ok' })))).toEqual(['refused', 'ERR_CONNECTION_REFUSED']);
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await fail(apiPost('x', {}, ctx, down))).toEqual(['network', 'Failed to fetch']);
  });
  it('sends files as multipart: the string fields signed, the file parts beside them', async () => {
    let body: FormData | undefined;
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      body = init.body as FormData;
      expect(init.headers).toBeUndefined();
      return new Response(JSON.stringify({ status: 1, info: 'ok', data: { photo_id: 'p' } }));
    }) as unknown as typeof fetch;
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    expect(await apiPost('communityapi/uploadPhoto', {}, ctx, fetchImpl, { photo })).toEqual({ photo_id: 'p' });
    const fields = Object.fromEntries([...body!.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    expect(verifyEnvelope(fields, 'k')).toBe(true);
    expect(body!.get('photo')).toBeInstanceOf(Blob);
  });
});
