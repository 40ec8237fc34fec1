import { sql } from 'drizzle-orm';
import { type Db, rowsOf, withSession } from './client';

/** The job locks this process holds, per database handle: PGlite's one session would grant its lock twice. */
const heldHere = new WeakMap<Db, Set<number>>();

/**
 * `work` as the one runner of job `lock` (an id of ADVISORY_LOCKS), on a session of its own holding the session-level
 * advisory lock `pg_try_advisory_lock(lock)`; undefined, without waiting, when another runner holds it (another
 * process's session, or another caller in this process). The lock spans `work`'s statements and whatever it does
 * between them with no transaction open (a chain call), and ends with the session if the process dies.
 */
export async function asOnlyRunner<T>(db: Db, lock: number, work: (session: Db) => Promise<T>): Promise<T | undefined> {
  const held = heldHere.get(db) ?? new Set<number>();
  heldHere.set(db, held);
  if (held.has(lock)) return undefined;
  held.add(lock);
  try {
    return await withSession(db, async (session) => {
      const [taken] = await rowsOf<{ ok: boolean }>(session, sql`select pg_try_advisory_lock(${lock}) as ok`);
      if (!taken?.ok) return undefined;
      try {
        return await work(session);
      } finally {
        await session.execute(sql`select pg_advisory_unlock(${lock})`);
      }
    });
  } finally {
    held.delete(lock);
  }
}
