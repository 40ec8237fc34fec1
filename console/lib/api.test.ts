import { describe, expect, it } from 'vitest';
import { consoleEndpoints } from '../../lib/console-api/contract';
import { ConsoleApiError, callApi, errorText, isSignedOut } from './api';

const reply = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callApi', () => {
  it('posts JSON to /console/api/<name> with the CSRF token and the language, and unwraps data', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return reply(200, { ok: true, data: { items: [], total: 0, page: 1, limit: 20 } })();
    }) as unknown as typeof fetch;
    const data = await callApi(consoleEndpoints.audit, { page: 1 }, { csrfToken: 't0k', language: 'en', fetchImpl });
    expect(data.total).toBe(0);
    expect(seen?.url).toBe('/console/api/audit');
    expect(seen?.init.method).toBe('POST');
    expect((seen?.init.headers as Record<string, string>)['x-csrf-token']).toBe('t0k');
    expect((seen?.init.headers as Record<string, string>)['accept-language']).toBe('en');
    expect(JSON.parse(String(seen?.init.body))).toEqual({ page: 1 });
  });
  it("throws the server's code, message and fields, and shows the message once", async () => {
    const fetchImpl = reply(400, {
      ok: false,
      error: { code: 'invalidInput', message: 'Invalid input: amount: an amount of WLD', fields: { amount: 'an amount of WLD' } },
    }) as unknown as typeof fetch;
    const error = await callApi(consoleEndpoints.setRule, { key: 'k', value: 'v' }, { language: 'en', fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect((error as ConsoleApiError).code).toBe('invalidInput');
    expect((error as ConsoleApiError).fields).toEqual({ amount: 'an amount of WLD' });
    expect(errorText(error)).toBe('Invalid input: amount: an amount of WLD');
  });
  it('treats 401 as signed out and a failed fetch as a network error', async () => {
    const signedOut = await callApi(
      consoleEndpoints.me,
      {},
      { language: 'en', fetchImpl: reply(401, { ok: false, error: { code: 'unauthenticated', message: 'Sign in' } }) as unknown as typeof fetch },
    ).catch((e: unknown) => e);
    expect(isSignedOut(signedOut)).toBe(true);
    const down = await callApi(
      consoleEndpoints.me,
      {},
      {
        language: 'en',
        fetchImpl: (async () => {
          throw new TypeError('Failed to fetch');
        }) as unknown as typeof fetch,
      },
    ).catch((e: unknown) => e);
    expect((down as ConsoleApiError).code).toBe('network');
    expect(isSignedOut(down)).toBe(false);
  });
});
