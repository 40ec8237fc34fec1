import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stakes } from '../db/schema';

export async function hasActiveStake(db: Db, userId: number): Promise<boolean> {
  const found = await db.select({ id: stakes.id }).from(stakes).where(and(eq(stakes.userId, userId), eq(stakes.status, 'active'))).limit(1);
  return found.length > 0;
}
