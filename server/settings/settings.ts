import { type SQL, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { settings } from './tables';

/** The operator's settings of these keys that are set (an absent key is not in the map). */
export async function readSettings(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Sets one setting, replacing its value. */
export async function putSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** A setting's value (or null) as a scalar subquery, for read models that fetch it in their own statement. */
export const settingValue = (key: string): SQL<string | null> => sql<string | null>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;
