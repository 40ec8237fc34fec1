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

/** Where a check that held stopped: its last row, and how many rows it checked. */
export type ChainPoint = { id: number; hash: string; rows: number };

/**
 * Reads the log in id order, a page at a time, and reports the first row whose links or content do not hold;
 * from the row after `since` when given (a point an earlier whole check reached), else from the first.
 */
export async function verifyAuditChain(db: Queryable, since?: ChainPoint): Promise<ChainReport & { last: ChainPoint | null }> {
  let previous = since?.hash ?? '';
  let rows = since?.rows ?? 0;
  let after = since?.id ?? 0;
  for (;;) {
    const page = await rowsOf<ChainRow>(
      db,
      sql`
      select id, ((extract(epoch from at) * 1000000)::bigint)::text as "atMicros",
        ((extract(epoch from recorded_at) * 1000000)::bigint)::text as "recordedMicros",
        operator, action, target, before::text as before, after::text as after, prev_hash as "prevHash", hash
      from ${auditLog} where id > ${after} order by id limit ${PAGE}`,
    );
    for (const row of page) {
      const reason = row.prevHash !== previous ? 'prevHash' : rowHash(row) !== row.hash ? 'hash' : undefined;
      if (reason) return { rows, head: previous || null, ok: false, firstBreak: { id: row.id, reason }, last: null };
      previous = row.hash;
      after = row.id;
      rows += 1;
    }
    if (page.length < PAGE) return { rows, head: previous || null, ok: true, firstBreak: null, last: rows ? { id: after, hash: previous, rows } : null };
  }
}

/** How long the Health page trusts the rows a whole check already covered before checking them all again. */
export const FULL_CHECK_MS = 5 * 60_000;
const checked = new WeakMap<object, { last: ChainPoint | null; at: number }>();

/**
 * The chain for the Health page, which asks every few seconds: the rows added since the last whole check, and
 * the whole log again every FULL_CHECK_MS (so a row rewritten in the middle shows within that). `npm run
 * audit:verify` always checks it all.
 */
export async function auditChainHealth(db: Queryable, nowMs: number): Promise<ChainReport> {
  const earlier = checked.get(db);
  const fresh = earlier && nowMs - earlier.at < FULL_CHECK_MS;
  const { last, ...report } = await verifyAuditChain(db, fresh ? (earlier.last ?? undefined) : undefined);
  if (report.ok && last) checked.set(db, { last, at: fresh ? earlier.at : nowMs });
  else checked.delete(db);
  return report;
}
