import { sql } from 'drizzle-orm';
import type { GenerationCount, Page, TeamMember, TeamSummary, UserInfo } from '../../lib/api/replies';
import { maskAddress } from '../../lib/address';
import { memberLevel } from '../../lib/user-info';
import { type Clock, startOfUtcDay, unixSeconds } from '../clock';
import { type Db, rowsOf } from '../db/client';
import { type Window, readPage } from '../paging';
import { heldBy, stakes } from '../staking/tables';
import { userAncestors, users } from '../users/tables';
import type { User } from '../users/registry';

const GENERATIONS = ['1', '2', '3'] as const;

/** The member's team below them, generation by generation (user_ancestors holds three). */
export async function teamSummary(db: Db, clock: Clock, user: User): Promise<TeamSummary> {
  const today = startOfUtcDay(clock.now()).toISOString();
  const rows = await rowsOf<{ depth: number; count: string; valid: string; today_new: string; stake: string; today_stake: string }>(
    db,
    sql`
    with team as (select user_id, depth from ${userAncestors} where ancestor_id = ${user.id}),
    own as (
      select s.user_id, sum(s.amount) filter (where ${heldBy('s')}) as stake,
             sum(s.amount) filter (where s.started_at >= ${today}::timestamptz and s.renewed_from_id is null) as today_stake
      from ${stakes} s join team t on t.user_id = s.user_id
      group by s.user_id
    )
    select t.depth, count(*)::text as count, count(o.stake)::text as valid,
           count(*) filter (where u.created_at >= ${today}::timestamptz)::text as today_new,
           coalesce(sum(o.stake), 0)::text as stake, coalesce(sum(o.today_stake), 0)::text as today_stake
    from team t join ${users} u on u.id = t.user_id left join own o on o.user_id = t.user_id
    group by t.depth`,
  );
  const at = (g: string) => rows.find((r) => String(r.depth) === g);
  const generations: GenerationCount[] = GENERATIONS.map((g) => ({ generation: g, count: at(g)?.count ?? '0', valid_count: at(g)?.valid ?? '0' }));
  const sum = (pick: (r: (typeof rows)[number]) => string) => rows.reduce((total, r) => total + BigInt(pick(r)), 0n).toString();
  return {
    direct_count: generations[0]!.count,
    valid_direct_count: generations[0]!.valid_count,
    team_count: sum((r) => r.count),
    valid_team_count: sum((r) => r.valid),
    generations,
    today_new_count: sum((r) => r.today_new),
    today_stake_total: sum((r) => r.today_stake),
    team_stake_total: sum((r) => r.stake),
  };
}

/** One generation of the member's team, newest first: level label, masked address, join time, own held stake (active, or in its redemption window). */
export async function teamMembers(db: Db, user: User, generation: 1 | 2 | 3, page: number, limit: number): Promise<Page<TeamMember>> {
  const read = (w: Window) =>
    rowsOf<{ address: string; lv: number; identity_lv: number; created_at: Date | string; stake: string | null }>(
      db,
      sql`
    select u.address, u.lv, u.identity_lv, u.created_at,
           (select sum(s.amount) from ${stakes} s where s.user_id = u.id and ${heldBy('s')})::text as stake
    from ${userAncestors} a join ${users} u on u.id = a.user_id
    where a.ancestor_id = ${user.id} and a.depth = ${generation}
    order by u.id desc
    limit ${w.limit} offset ${w.offset}`,
    );
  return readPage(page, limit, read, (r) => ({
    level: memberLevel({ is_active: r.stake ? '1' : '0', lv: String(r.lv) as UserInfo['lv'], identity_lv: String(r.identity_lv) }),
    address: maskAddress(r.address),
    join_time: String(unixSeconds(new Date(r.created_at))),
    stake: r.stake ?? '0',
  }));
}
