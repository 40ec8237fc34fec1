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

type LevelPeriod = { level: typeof levels.$inferSelect; period: typeof periods.$inferSelect };

/**
 * The pairs found, per database handle. A level and its periods never change once added: addLevel below only
 * inserts them, in one transaction, and nothing else writes these tables (only staking/ imports them), so a pair
 * found once is the same on every server for good. Misses are not kept: a level added later is found then.
 */
const foundPairs = new WeakMap<Db, Map<string, LevelPeriod>>();

/**
 * A level and one of its periods: 'levelNotFound', else 'periodNotFound'. Every investSave's getNonce asks it
 * (describe.ts), so a pair found is kept, and the database is asked (prepared, one round trip) only the first time.
 */
export async function findLevelPeriod(db: Db, levelId: number, periodId: number): Promise<LevelPeriod> {
  let known = foundPairs.get(db);
  if (!known) foundPairs.set(db, (known = new Map()));
  const key = `${levelId}:${periodId}`;
  const kept = known.get(key);
  if (kept) return kept;
  const [found] = await levelWithPeriod(db).execute({ levelId, periodId });
  if (!found) throw new AppError('levelNotFound');
  if (!found.period) throw new AppError('periodNotFound');
  const pair = { level: found.level, period: found.period };
  if (known.size < 10_000) known.set(key, pair);
  return pair;
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
    infos: periodRows.filter((p) => p.levelId === level.id).map((p) => ({ id: String(p.id), day: String(p.day), scale: trimPercent(p.scale) })),
  }));
}

/** The operator adds a level of `num` base units with its periods (server/admin/); sort is its whole-WLD amount. */
export async function addLevel(db: Db, num: bigint, ps: { day: number; scale: string }[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [level] = await tx
      .insert(levels)
      .values({ num, sort: Number(num / 10n ** 18n) })
      .returning();
    if (!level) throw new Error('level insert failed');
    if (ps.length) await tx.insert(periods).values(ps.map((p) => ({ levelId: level.id, day: p.day, scale: p.scale })));
    return level.id;
  });
}
