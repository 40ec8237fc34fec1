import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { ledgerMismatches } from './ledger';

type HeldMismatch = { id: number; status: string; held: number; refunded: number };

/**
 * Withdrawals whose ledger entries disagree with their status: under review or approved must hold the
 * amount once (one `withdraw`, no refund); a rejected one is refunded exactly as held; a failed one moved
 * nothing. Must always be none.
 */
export async function heldMismatches(db: Db): Promise<HeldMismatch[]> {
  return rowsOf<HeldMismatch>(
    db,
    sql`
    select w.id, w.status,
           (count(*) filter (where e.type = 'withdraw'))::int as held,
           (count(*) filter (where e.type = 'withdraw-refund'))::int as refunded
    from withdrawals w
    left join ledger_entries e on e.idempotency_key in ('withdraw:' || w.id, 'withdraw-refund:' || w.id)
    group by w.id, w.status
    having not (
      (w.status in ('under-review', 'audit-successful') and count(*) filter (where e.type = 'withdraw') = 1 and count(*) filter (where e.type = 'withdraw-refund') = 0)
      or (w.status = 'audit-failed' and count(*) filter (where e.type = 'withdraw') = count(*) filter (where e.type = 'withdraw-refund'))
      or (w.status = 'failed-insufficient' and count(e.id) = 0)
    )`,
  );
}

/** The whole ledger check (`npm run ledger:check`): balances against entries, holds against withdrawals, and what is held now. */
export async function ledgerCheck(db: Db) {
  const [held] = await rowsOf<{ total: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from withdrawals where status in ('under-review', 'audit-successful') and paid_at is null`,
  );
  return { balanceMismatches: await ledgerMismatches(db), heldMismatches: await heldMismatches(db), heldNow: held?.total ?? '0' };
}
