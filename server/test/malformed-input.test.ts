import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../lib/api/contract';
import * as inputs from '../../lib/api/inputs';
import { ENVELOPE_FIELDS } from '../http/envelope';
import { allowedKeys } from '../http/route';
import { signEnvelope } from '../../lib/envelope';
import { translate } from '../i18n';
import { createLogger } from '../log';
import { API_KEY, testServer } from './harness';

/**
 * Every endpoint, every kind of malformed input: refused as the client's error (status 0 with a field or
 * session refusal) or ignored, never 'Server busy', and nothing logged as an unexpected error.
 */
const lines: string[] = [];
let s: Awaited<ReturnType<typeof testServer>>;
// Hundreds of calls from one address: the rate limits have their own tests (rate-limits.test.ts).
beforeAll(async () => (s = await testServer({ rateLimitFactor: 1000 }, { logger: createLogger('info', { write: (l: string) => void lines.push(l) }) })));
afterAll(() => s.close());
beforeEach(() => void (lines.length = 0));

const BUSY = new Set((['zh', 'en'] as const).map((l) => translate('internal', l)));
const ADDRESS = '0x1111111111111111111111111111111111111111';
/** The fields an endpoint reads beyond the envelope (keys it does not read are refused by name before anything else). */
const fieldsOf = (e: (typeof endpoints)[keyof typeof endpoints]) =>
  [...allowedKeys(inputs[e.name], e.access)].filter((k) => !(ENVELOPE_FIELDS as readonly string[]).includes(k));
const HOSTILE = [
  '9999999999',
  '2147483648',
  '-1',
  '1e3',
  '0',
  '１２',
  '\u0000',
  "' or 1=1 --",
  `0x${'g'.repeat(40)}`,
  'x'.repeat(3000),
  '<script>alert(1)</script>',
  '',
];

const BODIES: [string, string, string][] = [
  ['multipart without a boundary', 'multipart/form-data', '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['multipart with a broken part', 'multipart/form-data; boundary=xyz', '--xyz\r\nno headers here'],
  ['form with broken percent escapes', 'application/x-www-form-urlencoded', 'a=%E0%A4%A&b=%&c=%zz'],
  ['truncated JSON', 'application/json', '{"address":'],
  ['a JSON array', 'application/json', '[1,2]'],
  ['JSON with nested values', 'application/json', '{"id":{"a":1},"page":[1],"limit":null}'],
  ['JSON with a number beyond double', 'application/json', '{"id":1e400}'],
  ['no content type', '', 'id=1'],
  ['an unknown content type', 'text/plain', 'id=1'],
];

const post = async (path: string, type: string, body: string) => {
  const res = await s.app.request(`/api/v1/${path}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
  return { http: res.status, reply: (await res.json()) as { status: number; info: string } };
};

describe("malformed input is the client's error on every endpoint", () => {
  it('refuses malformed bodies of every kind without a server error', async () => {
    const busy: string[] = [];
    for (const e of Object.values(endpoints)) {
      for (const [kind, type, body] of BODIES) {
        const { http, reply } = await post(e.path, type, body);
        if (http !== 200 || reply.status !== 0 || BUSY.has(reply.info)) busy.push(`${e.path} ${kind}: ${http} ${reply.info}`);
      }
    }
    expect(busy).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('refuses hostile values in every field of a correctly signed envelope without a server error', async () => {
    const busy: string[] = [];
    let requests = 0;
    for (const e of Object.values(endpoints)) {
      for (const value of HOSTILE) {
        const fields: Record<string, string> = {
          ...Object.fromEntries(fieldsOf(e).map((f) => [f, value])),
          ust: String(Math.floor(s.clock.now().getTime() / 1000)),
          language: 'en',
          address: ADDRESS,
        };
        fields.sign = signEnvelope(fields, API_KEY);
        const { http, reply } = await post(e.path, 'application/x-www-form-urlencoded', new URLSearchParams(fields).toString());
        requests += 1;
        // Endpoints without fields of their own (invest, getWalletConfig) ignore the extras and answer.
        if (http !== 200 || BUSY.has(reply.info)) busy.push(`${e.path} ${JSON.stringify(value.slice(0, 12))}: ${http} ${reply.info}`);
      }
    }
    expect(requests).toBe(Object.keys(endpoints).length * HOSTILE.length);
    expect(busy).toEqual([]);
    expect(lines).toEqual([]);
  });
});
