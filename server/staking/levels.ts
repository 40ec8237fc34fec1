import { and, asc, eq, sql } from 'drizzle-orm';
import { trimPercent } from '../../lib/dividend';
import { type Db, type Queryable, preparedPerDb } from '../db/client';
import { levels, periods } from './tables';
import { AppError } from '../errors';

/** One staking level by id; 'levelNotFound' when there is none. */
export async function findLevel(db: Queryable, id: number) {
  const [level] = await db.select().from(levels).where(eq(levels.id, id)).limit(1);
  if (!level) throw new AppError('levelNotFound');
  return level;
}

/**
 * A level and one of its periods, in one round trip: 'levelNotFound', else 'periodNotFound'. Prepared: every
 * investSave's getNonce asks it (describe.ts).
 */
export async function findLevelPeriod(db: Db, levelId: number, periodId: number) {
  const [found] = await levelWithPeriod(db).execute({ levelId, periodId });
  if (!found) throw new AppError('levelNotFound');
  if (!found.period) throw new AppError('periodNotFound');
  return { level: found.level, period: found.period };
}

const levelWithPeriod = preparedPerDb((db) =>
  db
    .select({ level: levels, period: periods })
    .from(levels)
    .leftJoin(periods, and(eq(periods.id, sql.placeholder('periodId')), eq(periods.levelId, levels.id)))
    .where(eq(levels.id, sql.placeholder('levelId')))
    .limit(1)
    .prepare('level_with_period'),
);

/**
 * Staking levels with their periods. `num` is the level amount as a decimal string of WLD base units
 * (18 decimals); `scale` is the daily dividend percent as an exact decimal string ('0.5' = 0.5 % a day).
 */
export async function listLevels(db: Db) {
  const [levelRows, periodRows] = await Promise.all([
    db.select().from(levels).orderBy(asc(levels.sort), asc(levels.id)),
    db.select().from(periods).orderBy(asc(periods.day), asc(periods.id)),
  ]);
  return levelRows.map((level) => ({
    id: String(level.id),
    num: level.num.toString(),
    infos: periodRows
      .filter((p) => p.levelId === level.id)
      .map((p) => ({ id: String(p.id), day: String(p.day), scale: trimPercent(p.scale) })),
  }));
}

/** The operator adds a level of `num` base units with its periods (server/admin/); sort is its whole-WLD amount. */
export async function addLevel(db: Db, num: bigint, ps: { day: number; scale: string }[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [level] = await tx.insert(levels).values({ num, sort: Number(num / 10n ** 18n) }).returning();
    if (!level) throw new Error('level insert failed');
    if (ps.length) await tx.insert(periods).values(ps.map((p) => ({ levelId: level.id, day: p.day, scale: p.scale })));
    return level.id;
  });
}
