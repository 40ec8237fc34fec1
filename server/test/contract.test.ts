import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../lib/api/contract';
import { SIGNED_ACTIONS } from '../../lib/api/purposes';
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
    const wrongAccess = [...contract].filter(([path, access]) => docs.get(path) !== access).map(([path, access]) => `${path}: contract ${access}, docs ${docs.get(path)}`);
    expect(wrongAccess).toEqual([]);
  });

  it('offers a challenge for exactly the signed endpoints', () => {
    const signed = Object.values(endpoints).filter((e) => e.access === 'signed').map((e) => e.name);
    expect([...SIGNED_ACTIONS].sort()).toEqual(signed.sort());
  });
});
