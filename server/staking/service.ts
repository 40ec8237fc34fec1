import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Expiry } from '../../lib/api/replies';
import type { Clock } from '../clock';
import { type Db, type Tx, preparedRows } from '../db/client';
import type { StatementGuard } from '../db/guard';
import { HELD_STATUSES, levels, periods, stakes } from './tables';
import { recordUpgradeTerms } from './terms';
import { AppError } from '../errors';
import { post } from '../ledger/ledger';
import { debitIfCovered } from '../ledger/set-posts';
import type { User } from '../users/registry';
import type { Window } from '../paging';
import { findLevel } from './levels';
import { inRedeemWindow, isOpen, redeemBy } from './math';
import { trimPercent, upgradeFromDay } from '../../lib/dividend';

type Deps = { db: Db; clock: Clock };

/**
 * investSave: the level and its period; the level amount debited; the stake opened. One statement, so one round
 * trip and no transaction around it (a statement is atomic on its own): the ledger debits the balance first and only
 * if it covers the level, with its entry (ledger/set-posts.ts), and the stake goes in only if the debit did. Its
 * terms are its own amount and scale until an upgrade writes them down (terms.ts), so no `stake_terms` row goes in
 * with it. The debit's row lock serialises concurrent stakes, and each rechecks the condition on the amount the one
 * before left. The stake's id is drawn first, so the entry can name it (a refused debit leaves a gap in the ids). The
 * entry has no idempotency key: it is written once, by the statement that opens its stake; post() would need the id
 * first, three more round trips (begin, post, commit). Its first day completes a day after it starts; the daily job
 * finds it above the last run's watermark (due-days.ts). With a guard (the signed call's session and nonce,
 * db/guard.ts), nothing is chosen unless the guard passed, and the member is the guard's.
 * Prepared, since planning it cost about as much as running it; the id's sequence is named (`stakes_id_seq`, serial's
 * name for it) rather than looked up with pg_get_serial_sequence, which searches the catalog on every call
 * (docs/decisions.md, "what keeps a signed call near its floor").
 */
function openStakeStatement(guard?: StatementGuard) {
  const member = guard ? guard.member : sql`${sql.placeholder('userId')}::int`;
  return sql`
    with ${guard ? sql`${guard.cte}, ` : sql``}chosen as (
      select l.id as level_id, l.num, p.id as period_id, p.day, p.scale, nextval('stakes_id_seq'::regclass)::int as stake_id
      from ${levels} l join ${periods} p on p.level_id = l.id
      where l.id = ${sql.placeholder('levelId')} and p.id = ${sql.placeholder('periodId')}${guard ? sql` and exists (select 1 from guard)` : sql``}
    ), ${debitIfCovered({ source: 'chosen', userId: member, amount: levels.num, type: 'stake' })},
    opened as (
      insert into ${stakes} (id, user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, changed_at)
      select stake_id, ${member}, level_id, period_id, day, scale, num, num, ${sql.placeholder('now')}::timestamptz,
        ${sql.placeholder('now')}::timestamptz + day * interval '24 hours', ${sql.placeholder('now')}::timestamptz
      from posted_debited
      returning id
    )
    select exists (select 1 from chosen) as chosen, (select id from opened) as id, ${guard ? sql`exists (select 1 from guard)` : sql`true`} as passed`;
}

type Opened = { chosen: boolean; id: number | null; passed: boolean };
const openStake = preparedRows<Opened>('open_stake', openStakeStatement());
const openStakeGuarded = new Map<string, ReturnType<typeof preparedRows<Opened>>>();

function openStakeWith(guard: StatementGuard | undefined) {
  if (!guard) return openStake;
  let statement = openStakeGuarded.get(guard.name);
  if (!statement) openStakeGuarded.set(guard.name, (statement = preparedRows<Opened>(`open_stake_${guard.name}`, openStakeStatement(guard))));
  return statement;
}

type StakeRequest = { levelId: number; periodId: number };

/** A stake opened for a member (the operator's tools and tests; the app's investSave is stakeSigned). */
export function stake(deps: Deps, user: User, req: StakeRequest): Promise<{ pledge_id: string }> {
  return openStakeFor(deps, undefined, { userId: user.id }, req);
}

/** investSave: a stake opened by the member the signed call's guard finds, in the guard's own statement. */
export function stakeSigned(deps: Deps, guard: StatementGuard, req: StakeRequest): Promise<{ pledge_id: string }> {
  return openStakeFor(deps, guard, guard.values, req);
}

async function openStakeFor(deps: Deps, guard: StatementGuard | undefined, by: Record<string, unknown>, req: StakeRequest): Promise<{ pledge_id: string }> {
  const now = deps.clock.now().toISOString();
  const [result] = await openStakeWith(guard)(deps.db).rows({ ...by, levelId: req.levelId, periodId: req.periodId, now });
  if (guard && !result?.passed) return guard.refused();
  if (result?.id != null) return { pledge_id: String(result.id) };
  // Nothing chosen: the level is gone, or the period is not one of its own (getNonce checked both, so one
  // changed since).
  if (!result?.chosen) {
    await findLevel(deps.db, req.levelId);
    throw new AppError('periodNotFound');
  }
  throw new AppError('insufficientBalance');
}

async function lockStake(tx: Tx, user: User, stakeId: number) {
  const [row] = await tx
    .select()
    .from(stakes)
    .where(and(eq(stakes.id, stakeId), eq(stakes.userId, user.id)))
    .for('update');
  if (!row) throw new AppError('stakeNotFound');
  return row;
}

/** Moves an active stake to a higher level, paying the difference; the new amount earns from the next day. */
export async function upgrade(deps: Deps, user: User, req: { stakeId: number; levelId: number }) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const current = await lockStake(tx, user, req.stakeId);
    if (current.status !== 'active' || now >= current.endsAt) throw new AppError('notUpgradable');
    const level = await findLevel(tx, req.levelId);
    if (level.num <= current.amount) throw new AppError('notUpgradable');
    const [period] = await tx
      .select()
      .from(periods)
      .where(and(eq(periods.levelId, level.id), eq(periods.day, current.days)))
      .limit(1);
    if (!period) throw new AppError('periodNotFound');
    const difference = level.num - current.amount;
    await post(tx, { userId: user.id, type: 'upgrade', amount: -difference, stakeId: current.id, key: `upgrade:${current.id}:${level.id}` });
    await tx
      .update(stakes)
      .set({
        levelId: level.id,
        periodId: period.id,
        scale: period.scale,
        amount: level.num,
        cumulative: sql`${stakes.cumulative} + ${difference.toString()}::numeric`,
        changedAt: now,
      })
      .where(eq(stakes.id, current.id));
    await recordUpgradeTerms(tx, current, upgradeFromDay(now.getTime() - current.startedAt.getTime()), { amount: level.num, scale: period.scale });
    return { pledge_id: String(current.id), paid: difference.toString() };
  });
}

/** Applying for redemption is possible only in the 24 hours after expiry. */
export async function applyRedemption(deps: Deps, user: User, stakeId: number) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockStake(tx, user, stakeId);
    if (!isOpen(row.status) || !inRedeemWindow(row.endsAt, now)) throw new AppError('notRedeemable');
    await tx.update(stakes).set({ redeemAppliedAt: now }).where(eq(stakes.id, row.id));
    return { pledge_id: String(row.id) };
  });
}

/** Confirming returns the principal to the balance, once. */
export async function confirmRedemption(deps: Deps, user: User, stakeId: number) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockStake(tx, user, stakeId);
    if (!isOpen(row.status) || !inRedeemWindow(row.endsAt, now)) throw new AppError('notRedeemable');
    if (!row.redeemAppliedAt) throw new AppError('redemptionNotApplied');
    await post(tx, { userId: user.id, type: 'redemption', amount: row.amount, stakeId: row.id, key: `redemption:${row.id}` });
    await tx.update(stakes).set({ status: 'redeemed', closedAt: now, noticeClosed: true, changedAt: now }).where(eq(stakes.id, row.id));
    return { pledge_id: String(row.id), amount: row.amount.toString() };
  });
}

/** getInvestExpire: the member's oldest expired stake whose notice is open, with what names it (lib/api/replies.ts Expiry). */
export async function expiryNotice(db: Db, user: User): Promise<Expiry> {
  const [row] = await db
    .select({ id: stakes.id, endsAt: stakes.endsAt, amount: stakes.amount, days: stakes.days, scale: stakes.scale, levelNum: levels.num })
    .from(stakes)
    .innerJoin(levels, eq(levels.id, stakes.levelId))
    .where(and(eq(stakes.userId, user.id), eq(stakes.status, 'expired'), eq(stakes.noticeClosed, false)))
    .orderBy(stakes.endsAt)
    .limit(1);
  const unix = (d: Date) => String(Math.floor(d.getTime() / 1000));
  return row
    ? {
        have_expire: 1,
        pledge_id: String(row.id),
        redeem_by: unix(redeemBy(row.endsAt)),
        amount: row.amount.toString(),
        level_num: row.levelNum.toString(),
        day: String(row.days),
        scale: trimPercent(row.scale),
        end_time: unix(row.endsAt),
      }
    : { have_expire: 0, pledge_id: '', redeem_by: '', amount: '', level_num: '', day: '', scale: '', end_time: '' };
}

/** Closes the expiry notice of one of the member's own stakes; another member's (or no) stake is refused. */
export async function closeExpiryNotice(db: Db, user: User, stakeId: number) {
  const closed = await db
    .update(stakes)
    .set({ noticeClosed: true })
    .where(and(eq(stakes.id, stakeId), eq(stakes.userId, user.id)))
    .returning({ id: stakes.id });
  if (closed.length === 0) throw new AppError('stakeNotFound');
  return {};
}

/** The member's stakes in a window of the newest-first list (../paging.ts). */
export async function stakesIn(db: Db, user: User, w: Window) {
  return db.select().from(stakes).where(eq(stakes.userId, user.id)).orderBy(desc(stakes.id)).limit(w.limit).offset(w.offset);
}

/** Whether the member holds a stake (active, or in its redemption window: a valid member, tables.ts). */
export async function holdsStake(db: Db, userId: number): Promise<boolean> {
  const found = await db
    .select({ id: stakes.id })
    .from(stakes)
    .where(and(eq(stakes.userId, userId), inArray(stakes.status, [...HELD_STATUSES])))
    .limit(1);
  return found.length > 0;
}
