import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { type BuildStamp, STAMP_FILE, readStamp, rebaseFromSibling, urlReplacements } from './rebased-export';

const source = ['abc123', ''];
const stampOf = (api: string, rpc: string, extra: Record<string, string> = {}): BuildStamp => ({
  env: { NEXT_PUBLIC_APP_ENV: 'local', NEXT_PUBLIC_API_URL: api, NEXT_PUBLIC_RPC_URL: rpc, ...extra },
  source,
});
const A = stampOf('http://127.0.0.1:4520', 'http://127.0.0.1:38509');
const B = stampOf('http://127.0.0.1:5133', 'http://127.0.0.1:40001');

let root: string;
/** An export built as `stamp`, its chunk larger than precompress's threshold. */
function exportOf(name: string, stamp: BuildStamp) {
  const dir = join(root, name);
  mkdirSync(join(dir, '_next/static/chunks'), { recursive: true });
  const api = stamp.env.NEXT_PUBLIC_API_URL;
  const rpc = stamp.env.NEXT_PUBLIC_RPC_URL;
  writeFileSync(join(dir, 'index.html'), `<script>({"baseUrl":"${api}"})</script><a href="http://127.0.0.1:45201/x">other</a>`);
  writeFileSync(join(dir, '_next/static/chunks/a.js'), `const u="${api}/api/v1/",r="${rpc}";`.padEnd(2000, ' '));
  writeFileSync(join(dir, 'logo.svg'), '<svg/>');
  writeFileSync(join(dir, STAMP_FILE), JSON.stringify(stamp));
  return dir;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rebase-'));
});

describe('urlReplacements', () => {
  it('pairs the changed URL settings', () => {
    expect(urlReplacements(A, B)).toEqual([
      ['http://127.0.0.1:4520', 'http://127.0.0.1:5133'],
      ['http://127.0.0.1:38509', 'http://127.0.0.1:40001'],
    ]);
  });
  it('refuses another source, another setting, or a setting only one has', () => {
    expect(urlReplacements(A, { ...B, source: ['def456', ''] })).toBeNull();
    expect(urlReplacements(A, stampOf('http://127.0.0.1:5133', 'http://127.0.0.1:38509', { NEXT_PUBLIC_APP_ENV: 'production' }))).toBeNull();
    expect(urlReplacements(A, stampOf('http://127.0.0.1:5133', 'http://127.0.0.1:38509', { NEXT_PUBLIC_SETTLEMENT_BOUND_MS: '12000' }))).toBeNull();
    expect(urlReplacements(A, stampOf('not a url', 'http://127.0.0.1:38509'))).toBeNull();
  });
});

describe('rebaseFromSibling', () => {
  it('copies the export with its URLs replaced, whole URLs only, and its compressed copies rewritten', () => {
    const from = exportOf('a', A);
    const to = join(root, 'b');
    expect(rebaseFromSibling(B, to, [join(root, 'missing'), from])).toBe(true);
    const chunk = readFileSync(join(to, '_next/static/chunks/a.js'), 'utf8');
    expect(chunk).toContain('const u="http://127.0.0.1:5133/api/v1/",r="http://127.0.0.1:40001";');
    expect(gunzipSync(readFileSync(join(to, '_next/static/chunks/a.js.gz'))).toString()).toBe(chunk);
    // ":4520" inside ":45201" is another URL, left as it was
    expect(readFileSync(join(to, 'index.html'), 'utf8')).toBe(
      '<script>({"baseUrl":"http://127.0.0.1:5133"})</script><a href="http://127.0.0.1:45201/x">other</a>',
    );
    expect(readFileSync(join(to, 'logo.svg'), 'utf8')).toBe('<svg/>');
    expect(readStamp(to)).toEqual(B);
    expect(readStamp(from)).toEqual(A);
    expect(readFileSync(join(from, '_next/static/chunks/a.js'), 'utf8')).toContain('http://127.0.0.1:4520/api/v1/');
  });

  it('rebases an export in its own folder, for the same stack on new ports', () => {
    const dir = exportOf('a', A);
    expect(rebaseFromSibling(B, dir, [dir])).toBe(true);
    expect(readStamp(dir)).toEqual(B);
    expect(readFileSync(join(dir, '_next/static/chunks/a.js'), 'utf8')).toContain('"http://127.0.0.1:5133/api/v1/"');
    expect(existsSync(`${dir}.rebasing`)).toBe(false);
  });

  it('builds instead (false, nothing written) when an old URL is not in the export, or a new one already is', () => {
    const from = exportOf('a', A);
    writeFileSync(join(from, '_next/static/chunks/a.js'), 'const u=window.api;');
    writeFileSync(join(from, 'index.html'), '');
    expect(rebaseFromSibling(B, join(root, 'b'), [from])).toBe(false);
    expect(existsSync(join(root, 'b'))).toBe(false);
    expect(existsSync(join(root, 'b.rebasing'))).toBe(false);

    const taken = exportOf('c', A);
    writeFileSync(join(taken, 'index.html'), `${A.env.NEXT_PUBLIC_API_URL} ${A.env.NEXT_PUBLIC_RPC_URL} ${B.env.NEXT_PUBLIC_API_URL}`);
    expect(rebaseFromSibling(B, join(root, 'd'), [taken])).toBe(false);
    expect(existsSync(join(root, 'd'))).toBe(false);
  });

  it('skips an export without a stamp (being built) and one of other settings', () => {
    const building = exportOf('a', A);
    rmSync(join(building, STAMP_FILE));
    const other = exportOf('c', stampOf('http://127.0.0.1:4520', 'http://127.0.0.1:38509', { NEXT_PUBLIC_APP_ENV: 'production' }));
    expect(rebaseFromSibling(B, join(root, 'b'), [join(root, 'none'), building, other])).toBe(false);
  });
});
