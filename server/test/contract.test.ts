import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../../lib/api/contract';
import * as inputs from '../../lib/api/inputs';
import { SIGNED_ACTIONS } from '../../lib/api/purposes';
import { OPS, runOp } from '../admin/ops';
import { testServer } from './harness';

const PREFIX = '/api/v1/';
const contract = new Map(Object.values(endpoints).map((e) => [e.path, e.access as string]));

let s: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => (s = await testServer()));
afterAll(() => s.close());

/** `| \`group/name\` | access | …` rows of docs/api.md. */
function documented(): Map<string, string> {
  const rows = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8').split('\n');
  const found = new Map<string, string>();
  for (const row of rows) {
    const match = /^\|\s*`(\w+\/\w+)`\s*\|\s*(\w+)\s*\|/.exec(row);
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

const missing = (from: Iterable<string>, inside: { has: (k: string) => boolean }) => [...from].filter((k) => !inside.has(k)).sort();

describe('the contract, the server and the docs agree', () => {
  it('serves every contract endpoint and nothing else under /api/v1/', () => {
    const served = new Set(s.app.routes.filter((r) => r.method === 'POST' && r.path.startsWith(PREFIX)).map((r) => r.path.slice(PREFIX.length)));
    expect({ servedButNotInContract: missing(served, contract), inContractButNotServed: missing(contract.keys(), served) }).toEqual({
      servedButNotInContract: [],
      inContractButNotServed: [],
    });
  });

  it('documents every contract endpoint in docs/api.md with its access', () => {
    const docs = documented();
    expect({ notDocumented: missing(contract.keys(), docs), documentedButNotInContract: missing(docs.keys(), contract) }).toEqual({
      notDocumented: [],
      documentedButNotInContract: [],
    });
    const wrongAccess = [...contract]
      .filter(([path, access]) => docs.get(path) !== access)
      .map(([path, access]) => `${path}: contract ${access}, docs ${docs.get(path)}`);
    expect(wrongAccess).toEqual([]);
  });

  it('offers a challenge for exactly the signed endpoints', () => {
    const signed = Object.values(endpoints)
      .filter((e) => e.access === 'signed')
      .map((e) => e.name);
    expect([...SIGNED_ACTIONS].sort()).toEqual(signed.sort());
  });
});

describe('ids are bounded to the int4 columns everywhere', () => {
  const INT4_MAX = '2147483647';
  const refused = ['0', '-1', '01', '2147483648', '9999999999', '99999999999999999999', '1.5', '1e3', ' 1', '1 ', '0x1', '', '１'];

  it('every id field of every endpoint input takes 1 to 2147483647 and nothing else', () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const e of Object.values(endpoints)) {
      const shape = (inputs[e.name] as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const [key, schema] of Object.entries(shape)) {
        if (!/(^|_)id$/.test(key)) continue;
        checked.push(`${e.path}.${key}`);
        for (const v of ['1', '42', INT4_MAX]) if (!schema.safeParse(v).success) wrong.push(`${e.path}.${key} refuses ${v}`);
        for (const v of refused) if (schema.safeParse(v).success) wrong.push(`${e.path}.${key} accepts ${JSON.stringify(v)}`);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(12);
    expect(wrong).toEqual([]);
  });

  it('every operator command refuses an out-of-range id or amount by its rule, never with a failed query', async () => {
    const failedQueries: string[] = [];
    for (const name of Object.keys(OPS)) {
      for (const args of [['2147483648'], ['2147483648', 'x', 'y'], ['99999999999999999999']]) {
        const message = await runOp(s.db, name, args, s.clock).then(
          () => '',
          (e: Error) => e.message,
        );
        if (/Failed query|out of range|invalid input syntax/i.test(message)) failedQueries.push(`${name} ${args.join(' ')}: ${message.split('\n')[0]}`);
      }
    }
    expect(failedQueries).toEqual([]);
    for (const op of ['mail.read', 'notice.remove', 'withdrawal.approve', 'application.approve']) {
      await expect(runOp(s.db, op, ['2147483648'], s.clock)).rejects.toThrow(/id \(1 to 2147483647\)/);
    }
  });
});
