import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { memberLines } from '../users/relations';
import { stakes, stakeTerms } from './tables';

/**
 * How far the runs before have paid (job_runs, daily.ts): every completed day, as of `through`, of every stake whose
 * id is at most `stakes`; `nextDue` is when the next of those stakes' days completes (null: none, or not known).
 */
export type Watermark = { through: string; stakes: number; nextDue: string | null };

/**
 * Days a stake has completed by `at` (as SQL over the stake `s`), 0 to its period: whole 24-hour days since it started.
 * A difference of two timestamptz is an interval already counted in 24-hour days and the time left (PostgreSQL
 * justifies its hours), so its day field is floor(seconds / 86400), exactly, in integer arithmetic, far cheaper than a
 * numeric epoch division, and the job evaluates it several times per stake (docs/decisions.md). The same expression as paidDaysOf (tables.ts).
 */
const completedBy = (at: SQL) => sql`greatest(0, least(s.days, date_part('day', ${at} - s.started_at)::int))`;
/** The stake `s`'s paid days under the watermark: the days it had completed by then, if it existed then. */
const paidUnder = (w: Watermark) => sql`(case when s.id <= ${w.stakes} then ${completedBy(sql`${w.through}::timestamptz`)} else 0 end)`;
/** `c`: the stake `s`'s days paid before and those completed by now (each at most the period). */
const paidAndCompleted = (now: string, w: Watermark) =>
  sql`cross join lateral (select ${paidUnder(w)} as paid, ${completedBy(sql`${now}::timestamptz`)} as days) c`;
/** The stakes that may have days due: a stake whose period had ended by the watermark, and that existed then, was paid in full. */
const mayBeDue = (w: Watermark) => sql`(s.ends_at > ${w.through}::timestamptz or s.id > ${w.stakes})`;

/**
 * Whether any stake has a day completed by `now` that the watermark does not cover: the earliest next due time
 * the last run left, or a stake opened since (its first day completes a day after it started), read through the
 * key from the watermark's last stake on. No stake is read when nothing is due. And whether each stake has at most
 * one such day (the usual run, a day or less after the last): a stake the watermark covers has completed at most one
 * day more when `now` is at most a day past it, and a stake opened since at most one when it started less than two
 * days before `now`.
 */
export async function whatIsDue(tx: Tx, now: string, w: Watermark): Promise<{ any: boolean; oneDayEach: boolean }> {
  const [due] = await rowsOf<{ any: boolean; one_day_each: boolean }>(
    tx,
    sql`
    select coalesce(${w.nextDue}::timestamptz <= ${now}::timestamptz, false)
        or coalesce(n.started + interval '1 day' <= ${now}::timestamptz, false) as any,
           ${now}::timestamptz - ${w.through}::timestamptz <= interval '1 day'
       and coalesce(n.started > ${now}::timestamptz - interval '2 days', true) as one_day_each
    from (select min(started_at) as started from ${stakes} where id > ${w.stakes}) n`,
  );
  return { any: due?.any ?? false, oneDayEach: due?.one_day_each ?? false };
}

/**
 * A due day's columns over the stakes `s`, their stakers `u` and the terms `t` the day earns on (none: the stake's
 * own amount and scale, terms.ts), for both reads of the due days (dueDays, mostDue).
 */
const dueColumns = (day: SQL) => sql`s.id as stake_id, s.user_id, u.inviter_id as p1, ${day} as day,
  coalesce(t.amount, s.amount) as principal, coalesce(t.scale, s.scale) as scale,
  -- div, not floor(x / 100): numeric division rounds its quotient to a few decimals first, so it could pay 1 wei more
  div(coalesce(t.amount, s.amount) * coalesce(t.scale, s.scale), 100) as amount, s.started_at + make_interval(days => ${day} + 1) as due_at`;

/**
 * Every completed, unpaid (stake, day), with the terms that day earns on, as a query over the stakes `s` (columns
 * stake_id, user_id, p1 (the staker's inviter), day, principal, scale, amount, due_at), in stake and day order:
 * whatever the stake's status, so the days of a stake redeemed (or renewed) before a run saw them completed are paid
 * all the same. `oneDayEach`: the caller knows each stake has at most one (whatIsDue), so no series of days per stake,
 * and the day's terms are the stake's latest from on or before it (distinct on the stake, in the sort the writes want
 * anyway); otherwise an anti-join per (stake, day) drops the terms a later one replaced.
 */
function dueDays(now: string, w: Watermark, oneDayEach: boolean): SQL {
  const day = oneDayEach ? sql`c.paid` : sql`d.day`;
  return sql`
    select ${oneDayEach ? sql`distinct on (s.id) ` : sql``}${dueColumns(day)}
    from ${stakes} s
    join ${memberLines} u on u.id = s.user_id
    ${paidAndCompleted(now, w)}
    ${oneDayEach ? sql`` : sql`cross join lateral generate_series(c.paid, c.days - 1) as d(day)`}
    -- the latest terms from on or before the day (joins, not a lookup per stake and day); a stake never upgraded has
    -- no terms rows and earns on its own amount and scale (terms.ts), one that was has them all from day 0
    left join ${stakeTerms} t on t.stake_id = s.id and t.from_day <= ${day}
    where ${mayBeDue(w)}
    ${
      oneDayEach
        ? sql`and c.days > c.paid order by s.id, t.from_day desc`
        : sql`and not exists (select 1 from ${stakeTerms} later where later.stake_id = s.id and later.from_day > t.from_day and later.from_day <= ${day})
    order by s.id, d.day`
    }`;
}

/**
 * The one-day due days (dueDays with oneDayEach) when most of the stakes the watermark leaves open are due (the usual
 * daily run: every stake within its period completes a day a day later): the stakes are joined to their stakers and
 * terms first, in a subquery the planner may not push the due conditions into (offset 0), and filtered after. The
 * planner cannot estimate those conditions (expressions over the stake and the two times), so it expected a tenth of
 * the rows and planned the joins for a few; over the open stakes its estimate is right. Same rows, same order.
 */
function mostDue(now: string, w: Watermark): SQL {
  return sql`
    select distinct on (x.stake_id) x.stake_id, x.user_id, x.p1, x.day, x.principal, x.scale, x.amount, x.due_at
    from (
      select ${dueColumns(sql`c.paid`)}, c.days, coalesce(t.from_day, 0) as from_day
      from ${stakes} s
      join ${memberLines} u on u.id = s.user_id
      ${paidAndCompleted(now, w)}
      -- a stake never upgraded has no terms rows and earns on its own amount and scale (terms.ts)
      left join ${stakeTerms} t on t.stake_id = s.id
      where ${mayBeDue(w)}
      offset 0
    ) x
    where x.days > x.day and x.from_day <= x.day
    order by x.stake_id, x.from_day desc`;
}

/**
 * The due days as a relation the pay statement reads, and how many there are. Usually (each stake at most one day
 * due) the statement reads the stakes itself, after a count over the same condition (for the plan: bulk or a few),
 * which also checks that no stake has two; when days were missed, they are gathered first into a temporary table in
 * stake and day order, and analyzed.
 */
export async function dueRelation(tx: Tx, now: string, w: Watermark, oneDayEach: boolean): Promise<{ relation: SQL; count: number; oneDay: boolean }> {
  if (oneDayEach) {
    // the count also checks the premise: a stake with more than one day due sends the run the general way
    const [size] = await rowsOf<{ due: number; more: number; seen: number }>(
      tx,
      sql`
      select count(*) filter (where c.days > c.paid)::int as due, count(*) filter (where c.days > c.paid + 1)::int as more,
             count(*)::int as seen
      from ${stakes} s
      ${paidAndCompleted(now, w)}
      where ${mayBeDue(w)}`,
    );
    const due = size?.due ?? 0;
    if (!size?.more) return { relation: sql`(${due * 2 >= (size?.seen ?? 0) ? mostDue(now, w) : dueDays(now, w, true)})`, count: due, oneDay: true };
  }
  await tx.execute(sql`drop table if exists job_due`);
  await tx.execute(sql`create temp table job_due on commit drop as ${dueDays(now, w, false)}`);
  await tx.execute(sql`analyze job_due`);
  const [size] = await rowsOf<{ due: number }>(tx, sql`select count(*)::int as due from job_due`);
  return { relation: sql`job_due`, count: size?.due ?? 0, oneDay: false };
}

/**
 * When the next day of a stake the watermark of `now` covers completes: the earliest, over the stakes with a day still
 * to complete, of the end of the day running at `now` (null: none). One scan of the stakes within their period.
 */
export async function nextDueAfter(tx: Tx, now: string): Promise<string | null> {
  const [next] = await rowsOf<{ at: string | null }>(
    tx,
    sql`
    select to_json(min(s.started_at + make_interval(days => c.done + 1))) #>> '{}' as at
    from ${stakes} s cross join lateral (select ${completedBy(sql`${now}::timestamptz`)} as done) c
    where s.ends_at > ${now}::timestamptz and c.done < s.days`,
  );
  return next?.at ?? null;
}
