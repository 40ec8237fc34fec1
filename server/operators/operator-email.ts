import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { checkEmail, normalizeEmail } from '../../lib/email';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/client';
import { AppError } from '../errors';
import { recordAudit } from './audit';
import { type Actor, type Operator, activeOperator } from './operators';
import { operators } from './tables';

/**
 * Sets (or with null removes) where an operator's alerts go (server/alerts/), on record. The address is checked like
 * a member's (lib/email.ts) and stored normalized; a malformed one is refused with `consoleInvalidEmail`.
 */
export async function setOperatorEmail(db: Db, clock: Clock, by: Actor, address: string, email: string | null): Promise<Operator> {
  const target = getAddress(address);
  const next = email === null || email.trim() === '' ? null : normalizeEmail(email);
  if (next !== null && checkEmail(next) !== null) throw new AppError('consoleInvalidEmail');
  return db.transaction(async (tx) => {
    const before = await activeOperator(tx, target);
    if (!before) throw new AppError('consoleNoOperator');
    const [after] = await tx.update(operators).set({ email: next }).where(eq(operators.address, target)).returning();
    await recordAudit(tx, { operator: by, action: 'operator.email', target, before: { email: before.email }, after: { email: next } }, clock.now());
    return after!;
  });
}

/** The active operators' alert addresses (those who set one). */
export async function alertRecipients(db: Queryable): Promise<{ address: string; email: string }[]> {
  const rows = await db.select({ address: operators.address, email: operators.email }).from(operators).where(eq(operators.active, true));
  return rows.flatMap((r) => (r.email ? [{ address: r.address, email: r.email }] : []));
}
