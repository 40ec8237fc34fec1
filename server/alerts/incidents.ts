import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { type Db, rowsOf } from '../db/client';
import { type AlertKind, alertIncidents } from './tables';

export type Incident = { id: number; kind: AlertKind; openedAt: Date; figure: string };

/**
 * Records what the check saw of one condition: while it holds, the open incident of its kind (opened now if there is
 * none: returned, so the caller mails it once); when it clears, the open one is closed. Two servers checking at the
 * same time open one incident (the partial unique index), and only the one whose insert took it mails.
 */
export async function observe(db: Db, clock: Clock, kind: AlertKind, holds: boolean, figure: string): Promise<Incident | null> {
  const now = clock.now();
  if (!holds) {
    await db
      .update(alertIncidents)
      .set({ closedAt: now })
      .where(and(eq(alertIncidents.kind, kind), isNull(alertIncidents.closedAt)));
    return null;
  }
  const [opened] = await rowsOf<{ id: number; opened_ms: number }>(
    db,
    sql`
    insert into ${alertIncidents} (kind, opened_at, figure) values (${kind}, ${now.toISOString()}::timestamptz, ${figure})
    on conflict (kind) where closed_at is null do nothing
    returning id, (extract(epoch from opened_at) * 1000)::float8 as opened_ms`,
  );
  return opened ? { id: opened.id, kind, openedAt: new Date(opened.opened_ms), figure } : null;
}

/** The incidents open now (the console's Health page). */
export async function openIncidents(db: Db): Promise<Incident[]> {
  const rows = await db.select().from(alertIncidents).where(isNull(alertIncidents.closedAt)).orderBy(alertIncidents.id);
  return rows.map((r) => ({ id: r.id, kind: r.kind, openedAt: r.openedAt, figure: r.figure }));
}
