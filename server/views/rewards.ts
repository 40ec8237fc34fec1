import { sql } from 'drizzle-orm';
import type { Page, RewardKind, RewardRecord, RewardSummary } from '../../lib/api/replies';
import { maskAddress } from '../../lib/address';
import { rewardFormula } from '../../lib/reward-formula';
import { type Clock, DAY_MS, startOfUtcDay, unixSeconds } from '../clock';
import { dividends, ledgerEntries } from '../ledger/tables';
import { stakes } from '../staking/tables';
import { userAncestors, users } from '../users/tables';
import { type Db, rowsOf } from '../db/client';
import { type Window, readPage } from '../paging';
import type { User } from '../users/registry';

/** Totals from the reward ledger entries (one per beneficiary, kind and job round), so they stay cheap for large teams. */
export async function rewardSummary(db: Db, clock: Clock, user: User): Promise<RewardSummary> {
  const today = startOfUtcDay(clock.now());
  const yesterday = new Date(today.getTime() - DAY_MS);
  const [row] = await rowsOf<Record<keyof RewardSummary, string>>(
    db,
    sql`
    select coalesce(sum(amount) filter (where type = 'reward-direct'), 0)::text as direct_total,
           coalesce(sum(amount) filter (where type = 'reward-team'), 0)::text as team_total,
           coalesce(sum(amount) filter (where created_at >= ${today.toISOString()}::timestamptz), 0)::text as today,
           coalesce(sum(amount) filter (where created_at >= ${yesterday.toISOString()}::timestamptz and created_at < ${today.toISOString()}::timestamptz), 0)::text as yesterday
    from ${ledgerEntries} where user_id = ${user.id} and type in ('reward-direct', 'reward-team')`,
  );
  return { direct_total: row?.direct_total ?? '0', team_total: row?.team_total ?? '0', today: row?.today ?? '0', yesterday: row?.yesterday ?? '0' };
}

type Row = {
  stake_id: number;
  day: number;
  generation: 1 | 2 | 3;
  source: string;
  source_amount: string;
  scale: string;
  rate: string;
  bonus: string;
  amount: string;
  paid_at: Date | string;
};

/**
 * One generation's rewards of a kind for this member, newest first, at most `n` (the page's end). Read through the
 * team: the members `g` generations below (user_ancestors by ancestor), their stakes, and each stake's newest `n`
 * dividends by the dividends key (stake, day), kept where this member earned; the dividends table has no index
 * per beneficiary, so the daily run writes one index entry per dividend, not four. Within one stake, day order is
 * payment order (a later day is never paid by an earlier run).
 */
function branch(user: User, kind: RewardKind, g: 1 | 2 | 3, n: number) {
  const col = (name: string) => sql.raw(`r.g${g}_${name}`);
  const amount = kind === 'direct' ? col('direct') : col('team');
  const rate = kind === 'team' && g === 1 ? sql`0::numeric` : col('rate');
  return sql`(
    select r.stake_id, r.day, ${g}::int as generation, u.address as source, r.principal::text as source_amount, r.scale::text,
           ${rate}::text as rate, ${kind === 'direct' ? sql`0::numeric` : col('bonus')}::text as bonus, ${amount}::text as amount, r.paid_at
    from ${userAncestors} a
    join ${stakes} s on s.user_id = a.user_id
    cross join lateral (
      select * from ${dividends} r where r.stake_id = s.id and ${col('id')} = ${user.id} and ${amount} > 0
      order by r.day desc limit ${n}
    ) r
    join ${users} u on u.id = r.source_user_id
    where a.ancestor_id = ${user.id} and a.depth = ${g}
    order by r.paid_at desc, r.stake_id desc, r.day desc
    limit ${n})`;
}

/** A page of direct (generation 1) or team (generations 1–3: level bonus and generation rewards) rewards. */
export async function rewardRecords(db: Db, user: User, kind: RewardKind, page: number, limit: number): Promise<Page<RewardRecord>> {
  const generations = kind === 'direct' ? ([1] as const) : ([1, 2, 3] as const);
  // Each branch reads no more rows than the window ends at: the merged order needs no later ones.
  const read = (w: Window) =>
    rowsOf<Row>(
      db,
      sql`
    select * from (${sql.join(
      generations.map((g) => branch(user, kind, g, w.offset + w.limit)),
      sql` union all `,
    )}) x
    order by paid_at desc, stake_id desc, day desc, generation
    limit ${w.limit} offset ${w.offset}`,
    );
  return readPage(page, limit, read, (r) => ({
    id: `${r.stake_id}.${r.day}.${r.generation}.${kind}`,
    kind,
    generation: String(r.generation) as RewardRecord['generation'],
    source: maskAddress(r.source),
    source_amount: r.source_amount,
    amount: r.amount,
    formula: rewardFormula({ sourceAmount: BigInt(r.source_amount), scale: r.scale, rate: r.rate, bonus: r.bonus, amount: BigInt(r.amount) }),
    create_time: String(unixSeconds(new Date(r.paid_at))),
  }));
}
