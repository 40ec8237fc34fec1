import { asc } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { chainCursors } from './tables';

/** The last block the Vault indexer recorded (the operator's health screen), or null before its first batch. */
export async function indexedBlock(db: Queryable): Promise<number | null> {
  const [cursor] = await db.select().from(chainCursors).orderBy(asc(chainCursors.name)).limit(1);
  return cursor ? (cursor.lastBlock ?? cursor.nextBlock - 1) : null;
}
