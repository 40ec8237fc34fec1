import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../db/client';
import { auditLog } from './tables';

/**
 * The audit log's hash chain, checked in Node: each row's hash is sha256 over its canonical text, which names the
 * previous row's hash. The database's trigger computes the same (0027_audit_chain.sql); this is written apart
 * from it, so a trigger replaced or a row rewritten by an owner is found here.
 */

/** A row as the chain covers it: times in epoch microseconds, before/after as PostgreSQL's jsonb text. */
export type ChainRow = {
  id: number;
  atMicros: string;
  recordedMicros: string | null;
  operator: string | null;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
  prevHash: string;
  hash: string;
};

export type ChainBreak = { id: number; reason: 'prevHash' | 'hash' };
export type ChainReport = { rows: number; head: string | null; ok: boolean; firstBreak: ChainBreak | null };

const field = (value: string | null) => (value === null ? '\\N' : value.replaceAll('\\', '\\\\').replaceAll('|', '\\|'));

/** The text a row's hash is taken over (the version tag first, then every field, `|`-separated and escaped). */
export function canonicalText(r: Omit<ChainRow, 'hash'>): string {
  return ['audit-v1', String(r.id), ...[r.atMicros, r.recordedMicros, r.operator, r.action, r.target, r.before, r.after, r.prevHash].map(field)].join('|');
}

export const rowHash = (r: Omit<ChainRow, 'hash'>) => createHash('sha256').update(canonicalText(r), 'utf8').digest('hex');

const PAGE = 1000;

/** Reads the log in id order, a page at a time, and reports the first row whose links or content do not hold. */
export async function verifyAuditChain(db: Queryable): Promise<ChainReport> {
  let previous = '';
  let rows = 0;
  let after = 0;
  for (;;) {
    const page = await rowsOf<ChainRow>(db, sql`
      select id, ((extract(epoch from at) * 1000000)::bigint)::text as "atMicros",
        ((extract(epoch from recorded_at) * 1000000)::bigint)::text as "recordedMicros",
        operator, action, target, before::text as before, after::text as after, prev_hash as "prevHash", hash
      from ${auditLog} where id > ${after} order by id limit ${PAGE}`);
    for (const row of page) {
      if (row.prevHash !== previous) return { rows, head: previous || null, ok: false, firstBreak: { id: row.id, reason: 'prevHash' } };
      if (rowHash(row) !== row.hash) return { rows, head: previous || null, ok: false, firstBreak: { id: row.id, reason: 'hash' } };
      previous = row.hash;
      rows += 1;
    }
    if (page.length < PAGE) return { rows, head: previous || null, ok: true, firstBreak: null };
    after = page[page.length - 1]!.id;
  }
}
