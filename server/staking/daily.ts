import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { type Db, type Tx, rowsOf as rows } from '../db/client';

const JOB_LOCK = 731_001; // pg advisory lock id of the staking job
const MAX_ROUNDS = 1000; // renewals can chain when the clock jumps many periods at once

export type JobReport = { ran: boolean; dividends: number; expired: number; renewed: number };

/**
 * Pays every completed day's dividend, expires stakes whose period ended and renews those not redeemed
 * within 24 hours, all in one transaction under an advisory lock: another process running at the same time
 * skips. Each (stake, day) is paid once (paid_days, the dividends key and the ledger's idempotency key), so a
 * re-run, or a run after a crash that rolled back, pays nothing twice.
 */
export async function runStakingJobs(db: Db, clock: Clock): Promise<JobReport> {
  const now = clock.now().toISOString();
  return db.transaction(async (tx) => {
    const lock = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as ok`);
    if (!lock[0]?.ok) return { ran: false, dividends: 0, expired: 0, renewed: 0 };
    const report: JobReport = { ran: true, dividends: 0, expired: 0, renewed: 0 };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const paid = await payDividends(tx, now);
      const expired = await expireStakes(tx, now);
      const renewed = await renewStakes(tx, now);
      report.dividends += paid;
      report.expired += expired;
      report.renewed += renewed;
      if (renewed === 0) break;
    }
    return report;
  });
}

async function payDividends(tx: Tx, now: string): Promise<number> {
  const paid = await rows<{ n: number }>(tx, sql`
    with due as (
      select s.id as stake_id, s.user_id, d.day,
             floor(t.amount * t.scale / 100) as amount
      from stakes s
      cross join lateral generate_series(
        s.paid_days,
        least(s.days, floor(extract(epoch from (${now}::timestamptz - s.started_at)) / 86400)::int) - 1
      ) as d(day)
      cross join lateral (
        select amount, scale from stake_terms st
        where st.stake_id = s.id and st.from_day <= d.day
        order by st.from_day desc limit 1
      ) t
      where s.paid_days < s.days and s.started_at <= ${now}::timestamptz - interval '1 day'
    ), dividend_rows as (
      insert into dividends (stake_id, day, amount)
      select stake_id, day, amount from due
      on conflict do nothing
      returning stake_id, day, amount
    ), entries as (
      insert into ledger_entries (user_id, type, amount, stake_id, idempotency_key)
      select s.user_id, 'dividend', r.amount, r.stake_id, 'dividend:' || r.stake_id || ':' || r.day
      from dividend_rows r join stakes s on s.id = r.stake_id
      where r.amount > 0
      on conflict (idempotency_key) do nothing
      returning user_id, amount
    ), credited as (
      update balances b set amount = b.amount + x.total
      from (select user_id, sum(amount) as total from entries group by user_id) x
      where b.user_id = x.user_id
      returning b.user_id
    ), advanced as (
      update stakes s set paid_days = x.last_day + 1
      from (select stake_id, max(day) as last_day from dividend_rows group by stake_id) x
      where s.id = x.stake_id
      returning s.id
    )
    select (select count(*) from dividend_rows)::int as n, (select count(*) from credited) as c, (select count(*) from advanced) as a`);
  return paid[0]?.n ?? 0;
}

async function expireStakes(tx: Tx, now: string): Promise<number> {
  const expired = await rows<{ id: number }>(tx, sql`
    update stakes set status = 'expired'
    where status = 'active' and ends_at <= ${now}::timestamptz
    returning id`);
  return expired.length;
}

/** A stake not redeemed within 24 hours of expiry renews for the same level and period, principal carried over. */
async function renewStakes(tx: Tx, now: string): Promise<number> {
  const renewed = await rows<{ id: number }>(tx, sql`
    with old as (
      update stakes set status = 'renewed', closed_at = ends_at + interval '1 day'
      where status = 'expired' and ends_at + interval '1 day' <= ${now}::timestamptz
      returning *
    ), successor as (
      insert into stakes (user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, renewed_from_id, notice_closed)
      select user_id, level_id, period_id, days, scale, amount, cumulative,
             ends_at + interval '1 day', ends_at + interval '1 day' + make_interval(days => days), id, true
      from old
      returning id, amount, scale
    )
    insert into stake_terms (stake_id, from_day, amount, scale)
    select id, 0, amount, scale from successor
    returning stake_id as id`);
  return renewed.length;
}
