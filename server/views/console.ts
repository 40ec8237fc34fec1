import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type * as R from '../../lib/console-api/replies';
import { placeOf } from '../../lib/divisions';
import type { ApiLanguage } from '../../lib/i18n';
import { divisions } from '../community/divisions';
import { communityApplications } from '../community/tables';
import { agreementKey, CONTENT_LANGUAGES } from '../content/content';
import { bannerTexts, banners, noticeTexts, notices } from '../content/tables';
import { type Db, type Queryable, rowsOf } from '../db/client';
import { balances, deposits, dividends, ledgerEntries, withdrawals } from '../ledger/tables';
import { payoutQueue } from '../ledger/payout-queue';
import { mails } from '../mail/tables';
import { approvalsNeeded, approvalsOf, effectiveThreshold } from '../operators/approvals';
import { auditLog } from '../operators/tables';
import { ruleChanges } from '../rewards/tables';
import { windowOf } from '../paging';
import { readSettings } from '../settings/settings';
import { heldBy, jobRuns, stakes } from '../staking/tables';
import { FOUNDER_IDENTITY } from '../users/founder';
import { userAncestors, users } from '../users/tables';

/**
 * The operator console's read models (lib/console-api/replies.ts): withdrawals with the member's money, members,
 * mail, applications, content in every language, and health. Paged and filtered here, on the server.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
const NEW_ACCOUNT_DAYS = 7;
const offset = (page: number, limit: number) => windowOf(page, limit).offset;
const all = (conditions: (SQL | undefined)[]) => and(...conditions.filter((c): c is SQL => c !== undefined));

type WithdrawalRow = typeof withdrawals.$inferSelect;

function payoutOf(w: WithdrawalRow): R.Payout {
  const base = { txHash: w.payoutTxHash, paidAt: iso(w.paidAt), problem: w.payoutProblem };
  if (w.payoutProblem) return { state: 'flagged', ...base };
  if (w.status === 'under-review') return { state: 'awaiting-approval', ...base };
  if (w.status !== 'audit-successful') return { state: 'not-paid', ...base };
  if (w.paidAt) return { state: 'paid', ...base };
  return { state: w.payoutTxHash ? 'sent' : 'waiting', ...base };
}

async function describeWithdrawals(db: Queryable, rows: WithdrawalRow[], now: Date, vaultThreshold?: bigint): Promise<(R.Withdrawal & { balance: string })[]> {
  const threshold = await effectiveThreshold(db, vaultThreshold);
  const approvals = await approvalsOf(
    db,
    rows.map((r) => r.id),
  );
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const members = userIds.length
    ? await db
        .select({ id: users.id, createdAt: users.createdAt, balance: balances.amount })
        .from(users)
        .leftJoin(balances, eq(balances.userId, users.id))
        .where(inArray(users.id, userIds))
    : [];
  const byId = new Map(members.map((m) => [m.id, m]));
  return rows.map((w) => {
    const member = w.userId === null ? undefined : byId.get(w.userId);
    const flags: string[] = [];
    if (w.payoutProblem) flags.push('payout-mismatch');
    if (w.status === 'failed-insufficient') flags.push('payout-failed');
    if (member && now.getTime() - member.createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS) flags.push('new-account');
    if (w.amount > threshold) flags.push('large');
    return {
      id: String(w.id),
      address: w.address,
      amount: w.amount.toString(),
      fee: w.fee.toString(),
      status: w.status,
      reason: w.reason,
      requestTx: w.txHash,
      requestId: w.requestId?.toString() ?? null,
      createdAt: w.createdAt.toISOString(),
      reviewedAt: iso(w.reviewedAt),
      payout: payoutOf(w),
      flags,
      approvals: (approvals.get(w.id) ?? []).map((a) => ({ operator: a.operator, at: a.at.toISOString() })),
      approvalsNeeded: approvalsNeeded(w.amount, threshold),
      balance: (member?.balance ?? 0n).toString(),
    };
  });
}

export type WithdrawalFilter = { page: number; limit: number; status?: WithdrawalRow['status'][]; address?: string; from?: Date; to?: Date; flagged?: boolean };

/** `vaultThreshold`: the Vault's approvalThreshold() when the chain is known (approvalsNeeded follows the lower). */
export async function withdrawalPage(db: Db, f: WithdrawalFilter, now: Date, vaultThreshold?: bigint): Promise<R.Page<R.QueuedWithdrawal>> {
  const where = all([
    f.status ? inArray(withdrawals.status, f.status) : undefined,
    f.address ? ilike(withdrawals.address, f.address) : undefined,
    f.from ? gte(withdrawals.createdAt, f.from) : undefined,
    f.to ? lte(withdrawals.createdAt, f.to) : undefined,
    f.flagged ? isNotNull(withdrawals.payoutProblem) : undefined,
  ]);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  // The queue oldest first (first come, first audited); the history newest first.
  const queue = f.status?.length === 1 && f.status[0] === 'under-review';
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(queue ? asc(withdrawals.id) : desc(withdrawals.id))
    .limit(f.limit)
    .offset(offset(f.page, f.limit));
  return { items: await describeWithdrawals(db, rows, now, vaultThreshold), total: total?.n ?? 0, page: f.page, limit: f.limit };
}

async function memberBrief(db: Queryable, userId: number, now: Date): Promise<R.MemberBrief | null> {
  const inviter = sql<string | null>`(select i.address from ${users} i where i.id = ${users.inviterId})`;
  const [m] = await db
    .select({ address: users.address, inviter, createdAt: users.createdAt, identityLv: users.identityLv, balance: balances.amount })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!m) return null;
  return {
    address: m.address,
    inviter: m.inviter,
    registeredAt: m.createdAt.toISOString(),
    accountAgeDays: Math.floor((now.getTime() - m.createdAt.getTime()) / DAY_MS),
    founder: m.identityLv === FOUNDER_IDENTITY,
    balance: (m.balance ?? 0n).toString(),
  };
}

const stakeRow = (s: typeof stakes.$inferSelect): R.StakeRow => ({
  id: String(s.id),
  amount: s.amount.toString(),
  days: s.days,
  status: s.status,
  startedAt: s.startedAt.toISOString(),
  endsAt: iso(s.endsAt),
});

async function recentStakes(db: Queryable, userId: number, limit: number) {
  return (await db.select().from(stakes).where(eq(stakes.userId, userId)).orderBy(desc(stakes.id)).limit(limit)).map(stakeRow);
}

/**
 * A member's movements, newest first: their ledger entries and their dividends (each dividends row is the staker's
 * ledger row for it, migration 0021), read through their stakes by the dividends key, so each counts once.
 */
async function ledgerPage(db: Queryable, userId: number, page: number, limit: number): Promise<R.Page<R.LedgerEntry>> {
  const theirDividends = sql`${dividends} d join ${stakes} s on s.id = d.stake_id
    where s.user_id = ${userId} and d.source_user_id = ${userId} and d.amount > 0`;
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`
    select ((select count(*) from ${ledgerEntries} where user_id = ${userId}) + (select count(*) from ${theirDividends}))::int as n`,
  );
  const rows = await rowsOf<{ id: string; type: string; amount: string; at: Date | string }>(
    db,
    sql`
    select id, type, amount, at from (
      select id::text as id, type, amount::text as amount, created_at as at, 1 as kind, id as n, 0 as day from ${ledgerEntries} where user_id = ${userId}
      union all
      select 'dividend:' || d.stake_id || '.' || d.day, 'dividend', d.amount::text, d.paid_at, 0, d.stake_id, d.day from ${theirDividends}
    ) x
    order by at desc, kind desc, n desc, day desc
    limit ${limit} offset ${offset(page, limit)}`,
  );
  return { items: rows.map((e) => ({ id: e.id, type: e.type, amount: e.amount, at: new Date(e.at).toISOString() })), total: total?.n ?? 0, page, limit };
}

export async function withdrawalDetail(db: Db, id: number, now: Date, vaultThreshold?: bigint): Promise<R.WithdrawalDetail | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  if (!row) return undefined;
  const [described] = await describeWithdrawals(db, [row], now, vaultThreshold);
  const { balance: _balance, ...w } = described!;
  if (row.userId === null) return { ...w, member: null, ledger: [], deposits: [], stakes: [] };
  const recentDeposits = await db.select().from(deposits).where(eq(deposits.address, row.address)).orderBy(desc(deposits.id)).limit(10);
  return {
    ...w,
    member: await memberBrief(db, row.userId, now),
    ledger: (await ledgerPage(db, row.userId, 1, 20)).items,
    deposits: recentDeposits.map((d) => ({ id: String(d.id), txHash: d.txHash, amount: d.amount.toString(), at: (d.creditedAt ?? d.createdAt).toISOString() })),
    stakes: await recentStakes(db, row.userId, 10),
  };
}

// Members

const userIdOf = async (db: Queryable, address: Address) => (await db.select({ id: users.id }).from(users).where(eq(users.address, address)).limit(1))[0]?.id;

export async function memberPage(db: Db, f: { page: number; limit: number; address?: string }): Promise<R.Page<R.MemberRow>> {
  const where = f.address ? ilike(users.address, `${f.address.replace(/[%_\\]/g, '')}%`) : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ address: users.address, createdAt: users.createdAt, identityLv: users.identityLv, balance: balances.amount })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(where)
    .orderBy(desc(users.id))
    .limit(f.limit)
    .offset(offset(f.page, f.limit));
  return {
    items: rows.map((m) => ({
      address: m.address,
      registeredAt: m.createdAt.toISOString(),
      founder: m.identityLv === FOUNDER_IDENTITY,
      balance: (m.balance ?? 0n).toString(),
    })),
    total: total?.n ?? 0,
    page: f.page,
    limit: f.limit,
  };
}

export async function memberRow(db: Queryable, address: Address): Promise<R.MemberRow | undefined> {
  const [m] = await db
    .select({ address: users.address, createdAt: users.createdAt, identityLv: users.identityLv, balance: balances.amount })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(eq(users.address, address))
    .limit(1);
  return (
    m && { address: m.address, registeredAt: m.createdAt.toISOString(), founder: m.identityLv === FOUNDER_IDENTITY, balance: (m.balance ?? 0n).toString() }
  );
}

export async function memberDetail(db: Db, address: Address, now: Date): Promise<R.MemberDetail | undefined> {
  const [u] = await db.select().from(users).where(eq(users.address, address)).limit(1);
  if (!u) return undefined;
  const brief = (await memberBrief(db, u.id, now))!;
  const generations = await db
    .select({ depth: userAncestors.depth, n: count() })
    .from(userAncestors)
    .where(eq(userAncestors.ancestorId, u.id))
    .groupBy(userAncestors.depth);
  const gen = (d: number) => generations.find((g) => g.depth === d)?.n ?? 0;
  return {
    ...brief,
    email: u.email,
    level: u.vLv,
    rank: u.lv,
    stakes: await recentStakes(db, u.id, 50),
    applications: (await applicationPage(db, { page: 1, limit: 20, userId: u.id })).items,
    team: { generation1: gen(1), generation2: gen(2), generation3: gen(3) },
  };
}

export async function memberLedger(db: Db, address: Address, page: number, limit: number): Promise<R.Page<R.LedgerEntry> | undefined> {
  const id = await userIdOf(db, address);
  return id === undefined ? undefined : ledgerPage(db, id, page, limit);
}

export async function memberTeam(db: Db, address: Address, generation: number, page: number, limit: number): Promise<R.Page<R.TeamRow> | undefined> {
  const id = await userIdOf(db, address);
  if (id === undefined) return undefined;
  const where = and(eq(userAncestors.ancestorId, id), eq(userAncestors.depth, generation));
  const [total] = await db.select({ n: count() }).from(userAncestors).where(where);
  const staked = sql<string>`(select coalesce(sum(s.amount), 0)::text from ${stakes} s where s.user_id = ${users.id} and ${heldBy('s')})`;
  const rows = await db
    .select({ address: users.address, createdAt: users.createdAt, staked })
    .from(userAncestors)
    .innerJoin(users, eq(users.id, userAncestors.userId))
    .where(where)
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset(page, limit));
  return {
    items: rows.map((r) => ({ address: r.address, generation, registeredAt: r.createdAt.toISOString(), staked: r.staked })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

// Mail

export async function mailPage(
  db: Db,
  f: { page: number; limit: number; filter: 'awaiting' | 'replied' | 'all'; address?: Address },
): Promise<R.Page<R.MailRow>> {
  const where = all([
    eq(mails.fromAdmin, false),
    f.filter === 'awaiting' ? isNull(mails.repliedAt) : f.filter === 'replied' ? isNotNull(mails.repliedAt) : undefined,
    f.address ? eq(users.address, f.address) : undefined,
  ]);
  const [total] = await db.select({ n: count() }).from(mails).innerJoin(users, eq(users.id, mails.userId)).where(where);
  // Awaiting: oldest first (answered in order); otherwise newest first.
  const rows = await db
    .select({ mail: mails, address: users.address })
    .from(mails)
    .innerJoin(users, eq(users.id, mails.userId))
    .where(where)
    .orderBy(f.filter === 'awaiting' ? asc(mails.id) : desc(mails.id))
    .limit(f.limit)
    .offset(offset(f.page, f.limit));
  return {
    items: rows.map(({ mail, address }) => ({
      id: String(mail.id),
      address,
      title: mail.title,
      status: mail.repliedAt ? 'replied' : 'awaiting',
      createdAt: mail.createdAt.toISOString(),
      repliedAt: iso(mail.repliedAt),
    })),
    total: total?.n ?? 0,
    page: f.page,
    limit: f.limit,
  };
}

export async function mailThread(db: Db, id: number): Promise<R.MailThread | undefined> {
  const [row] = await db
    .select({ mail: mails, address: users.address })
    .from(mails)
    .innerJoin(users, eq(users.id, mails.userId))
    .where(and(eq(mails.id, id), eq(mails.fromAdmin, false)))
    .limit(1);
  if (!row) return undefined;
  const { mail, address } = row;
  const messages: R.MailMessage[] = [];
  if (mail.replyToId) {
    const [first] = await db.select().from(mails).where(eq(mails.id, mail.replyToId)).limit(1);
    if (first) messages.push({ id: String(first.id), from: 'operator', title: first.title, content: first.content, at: first.createdAt.toISOString() });
  }
  messages.push({ id: String(mail.id), from: 'member', title: mail.title, content: mail.content, at: mail.createdAt.toISOString() });
  if (mail.reply !== null && mail.repliedAt)
    messages.push({ id: `${mail.id}-reply`, from: 'operator', title: mail.title, content: mail.reply, at: mail.repliedAt.toISOString() });
  return { id: String(mail.id), address, title: mail.title, messages, replied: mail.repliedAt !== null };
}

// Community applications

type ApplicationRow = typeof communityApplications.$inferSelect;
const applicationRow = (a: ApplicationRow, address: string): R.ApplicationRow => {
  const place = placeOf(divisions, a.provinceCode, a.cityCode);
  return {
    id: String(a.id),
    address,
    status: a.status,
    province: place?.province ?? a.provinceCode,
    city: place?.city ?? a.cityCode,
    createdAt: a.createdAt.toISOString(),
    decidedAt: iso(a.decidedAt),
    reason: a.reason,
  };
};

export async function applicationPage(
  db: Queryable,
  f: { page: number; limit: number; status?: ApplicationRow['status']; userId?: number },
): Promise<R.Page<R.ApplicationRow>> {
  const where = all([f.status ? eq(communityApplications.status, f.status) : undefined, f.userId ? eq(communityApplications.userId, f.userId) : undefined]);
  const [total] = await db.select({ n: count() }).from(communityApplications).where(where);
  const rows = await db
    .select({ a: communityApplications, address: users.address })
    .from(communityApplications)
    .innerJoin(users, eq(users.id, communityApplications.userId))
    .where(where)
    .orderBy(f.status === 'pending' ? asc(communityApplications.id) : desc(communityApplications.id))
    .limit(f.limit)
    .offset(offset(f.page, f.limit));
  return { items: rows.map((r) => applicationRow(r.a, r.address)), total: total?.n ?? 0, page: f.page, limit: f.limit };
}

export async function applicationOf(db: Db, id: number) {
  const [row] = await db
    .select({ a: communityApplications, address: users.address })
    .from(communityApplications)
    .innerJoin(users, eq(users.id, communityApplications.userId))
    .where(eq(communityApplications.id, id))
    .limit(1);
  return (
    row && {
      ...applicationRow(row.a, row.address),
      provinceCode: row.a.provinceCode,
      cityCode: row.a.cityCode,
      photoIds: row.a.photoIds,
      payHash: row.a.payHash,
      payFrom: row.a.payFrom,
      receiver: row.a.receiver,
      amount: row.a.amount,
      communityToken: row.a.communityToken,
    }
  );
}

export async function founderPage(db: Db, page: number, limit: number): Promise<R.Page<R.Founder>> {
  const where = eq(users.identityLv, FOUNDER_IDENTITY);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const since = sql<Date | null>`(select max(a.decided_at) from ${communityApplications} a where a.user_id = ${users.id} and a.status = 'approved')`;
  const rows = await db.select({ address: users.address, since }).from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset(page, limit));
  return { items: rows.map((r) => ({ address: r.address, since: r.since ? new Date(r.since).toISOString() : null })), total: total?.n ?? 0, page, limit };
}

// Content, every language side by side

export async function bannerRows(db: Db): Promise<R.BannerRow[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
  const texts = rows.length
    ? await db
        .select()
        .from(bannerTexts)
        .where(
          inArray(
            bannerTexts.bannerId,
            rows.map((b) => b.id),
          ),
        )
    : [];
  return rows.map((b) => ({
    id: String(b.id),
    image: b.imgPath,
    link: b.urlPath,
    position: Number(b.position),
    titles: Object.fromEntries(texts.filter((t) => t.bannerId === b.id).map((t) => [t.language, t.imgTitle])),
  }));
}

export async function noticePage(db: Db, page: number, limit: number): Promise<R.Page<R.NoticeRow>> {
  const [total] = await db.select({ n: count() }).from(notices);
  const rows = await db.select().from(notices).orderBy(desc(notices.id)).limit(limit).offset(offset(page, limit));
  const texts = rows.length
    ? await db
        .select()
        .from(noticeTexts)
        .where(
          inArray(
            noticeTexts.noticeId,
            rows.map((n) => n.id),
          ),
        )
    : [];
  return {
    items: rows.map((n) => {
      const own = texts.filter((t) => t.noticeId === n.id);
      return {
        id: String(n.id),
        title: own.find((t) => t.language === 'zh')?.title ?? own[0]?.title ?? '',
        createdAt: n.createdAt.toISOString(),
        languages: own.map((t) => t.language as R.ConsoleLanguage),
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

export async function noticeFull(db: Db, id: number): Promise<R.NoticeFull | undefined> {
  const [n] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  if (!n) return undefined;
  const texts = await db.select().from(noticeTexts).where(eq(noticeTexts.noticeId, id));
  return {
    id: String(id),
    createdAt: n.createdAt.toISOString(),
    texts: Object.fromEntries(texts.map((t) => [t.language, { title: t.title, content: t.content }])),
  };
}

export async function agreementTexts(db: Db): Promise<R.Agreement> {
  const stored = await readSettings(
    db,
    CONTENT_LANGUAGES.map((l) => agreementKey(l)),
  );
  return { texts: Object.fromEntries(CONTENT_LANGUAGES.flatMap((l: ApiLanguage) => (stored.has(agreementKey(l)) ? [[l, stored.get(agreementKey(l))!]] : []))) };
}

export async function ruleHistoryPage(db: Db, page: number, limit: number): Promise<R.Page<R.RuleChange>> {
  const [total] = await db.select({ n: count() }).from(ruleChanges);
  // Who made it: the console's audit row of that change (setRule, written right after it); null for the CLI's.
  const operator = sql<string | null>`(select a.operator from ${auditLog} a where a.action = 'setRule' and a.target = 'rule:' || ${ruleChanges.key}
    and a.after->>'value' = ${ruleChanges.value} and a.at >= ${ruleChanges.changedAt} order by a.id limit 1)`;
  const rows = await db.select({ change: ruleChanges, operator }).from(ruleChanges).orderBy(desc(ruleChanges.id)).limit(limit).offset(offset(page, limit));
  return {
    items: rows.map(({ change: r, operator: by }) => ({
      key: r.key,
      value: r.value,
      from: r.effectiveAt.toISOString(),
      operator: by,
      at: r.changedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

// Health

export async function healthFacts(db: Db) {
  const [lastRun] = await db.select().from(jobRuns).orderBy(desc(jobRuns.id)).limit(1);
  const queue = await payoutQueue(db);
  const [awaiting] = await db
    .select({ n: count() })
    .from(mails)
    .where(and(eq(mails.fromAdmin, false), isNull(mails.repliedAt)));
  return {
    jobRanAt: lastRun?.ranAt ?? null,
    payouts: { waiting: queue.waiting, flagged: queue.flagged, oldestWaitingAt: queue.oldestWaitingAt?.toISOString() ?? null },
    mailAwaiting: awaiting?.n ?? 0,
  };
}
