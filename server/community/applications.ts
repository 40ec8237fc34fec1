import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Address, Hash } from 'viem';
import { placeOf } from '../../lib/divisions';
import type { ApplyCheck, ApplyInfo, ApplyStatus } from '../../lib/api/replies';
import type { Db } from '../db/client';
import { communityApplications } from './tables';
import { AppError } from '../errors';
import { holdsStake } from '../staking/service';
import { setFounder } from '../users/founder';
import type { User } from '../users/registry';
import type { ApiLanguage } from '../../lib/i18n';
import { divisions, divisionsIn } from './divisions';
import { type PaymentChain, checkCommunityToken, checkReceiver, verifyPayment } from './payment';
import { unusedPayment, usedHashes } from './unused-payments';
import { distinctPhotos, ownPhotos } from './photos';
import { communitySettings, mayApply } from './rules';

export type Application = { receiver: Address; payHash: Hash; communityToken: Address; provinceCode: string; cityCode: string; photoIds: string[] };
/** An application before its payment: what checkApply is given. */
export type Draft = Omit<Application, 'payHash'>;

const OPEN = ['pending', 'approved'] as const;

/** What the form shows: the payment amount, whether this member may apply, the confirmations awaited, and a payment of theirs no application used yet. */
export async function applyInfo(db: Db, user: User, chain: PaymentChain | undefined): Promise<ApplyInfo> {
  const { rule, amount } = await communitySettings(db);
  const canApply = mayApply(rule, user, await holdsStake(db, user.id));
  // A lookup that fails here only hides the hint: checkApply, which the app calls before paying, looks again and fails loudly.
  const found = canApply && chain && !(await openApplication(db, user)) ? await unusedPayment(db, chain, user, amount).catch(() => undefined) : undefined;
  return {
    amount: amount.toString(),
    can_apply: canApply ? '1' : '0',
    rule,
    confirmations: String(chain?.confirmations ?? 0),
    paid_hash: found?.hash ?? '',
    paid_receiver: found?.to ?? '',
  };
}

const openApplication = async (db: Db, user: User) =>
  (
    await db
      .select({ id: communityApplications.id })
      .from(communityApplications)
      .where(and(eq(communityApplications.userId, user.id), inArray(communityApplications.status, [...OPEN])))
      .limit(1)
  )[0];

/**
 * Every check of an application except its payment, in this order: a chain to verify on, the operator's rule,
 * no open application, a real city of the province, three of the member's own photos (three different pictures), a receiving address of
 * the Vault, a community token that is an ERC20. checkApply and apply both run it: one rule, two callers.
 */
async function checkDraft(db: Db, chain: PaymentChain | undefined, user: User, a: Draft): Promise<{ chain: PaymentChain; amount: bigint }> {
  if (!chain) throw new AppError('paymentUnverifiable');
  const { rule, amount } = await communitySettings(db);
  if (!mayApply(rule, user, await holdsStake(db, user.id))) throw new AppError('conditionsNotMet');
  if (await openApplication(db, user)) throw new AppError('applicationOpen');
  if (!placeOf(divisions, a.provinceCode, a.cityCode)) throw new AppError('invalidField', { field: 'city' });
  if (new Set(a.photoIds).size !== 3 || (await ownPhotos(db, user.id, a.photoIds)).length !== 3) throw new AppError('officePhotos');
  if ((await distinctPhotos(db, user.id, a.photoIds)) !== 3) throw new AppError('officePhotosSame');
  await checkReceiver(chain, a.receiver);
  await checkCommunityToken(chain, a.communityToken);
  return { chain, amount };
}

/**
 * The check before paying: refuses with the reason apply would give for anything but the payment, and names
 * the member's unused payment (pay_hash and its receiver, '' when none) that apply will accept instead of a new one.
 */
export async function checkApply(db: Db, chain: PaymentChain | undefined, user: User, a: Draft): Promise<ApplyCheck> {
  const checked = await checkDraft(db, chain, user, a);
  const found = await unusedPayment(db, checked.chain, user, checked.amount);
  return { amount: checked.amount.toString(), pay_hash: found?.hash ?? '', receiver: found?.to ?? '' };
}

/**
 * Accepts an application once everything holds: every check of checkDraft, and a payment of the set amount
 * from the member to that receiving address, verified on chain and never used before.
 */
export async function apply(db: Db, chain: PaymentChain | undefined, user: User, a: Application) {
  const checked = await checkDraft(db, chain, user, a);
  if ((await usedHashes(db, [a.payHash])).size > 0) throw new AppError('paymentUsed');
  await verifyPayment(checked.chain, { hash: a.payHash, from: user.address as Address, to: a.receiver, amount: checked.amount });
  try {
    const [row] = await db
      .insert(communityApplications)
      .values({
        userId: user.id,
        receiver: a.receiver,
        amount: checked.amount,
        payFrom: user.address,
        payHash: a.payHash,
        communityToken: a.communityToken,
        provinceCode: a.provinceCode,
        cityCode: a.cityCode,
        photoIds: a.photoIds,
      })
      .returning({ id: communityApplications.id });
    return { id: String(row!.id) };
  } catch (error) {
    // Two submissions at once: the unique pay_hash or the one-open-application index decides.
    if (String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message).includes('pay_hash')) throw new AppError('paymentUsed');
    throw new AppError('applicationOpen');
  }
}

type Row = typeof communityApplications.$inferSelect;

/** An application as the member sees it: the place named in `language` (Chinese for the operators). */
const describe = (row: Row | undefined, language: ApiLanguage = 'zh'): ApplyStatus => {
  if (!row)
    return { status: 'none', id: '', receiver: '', amount: '', pay_hash: '', community_address: '', province: '', city: '', reason: '', create_time: '' };
  const place = placeOf(divisionsIn(language), row.provinceCode, row.cityCode);
  return {
    status: row.status,
    id: String(row.id),
    receiver: row.receiver,
    amount: row.amount.toString(),
    pay_hash: row.payHash,
    community_address: row.communityToken,
    province: place?.province ?? '',
    city: place?.city ?? '',
    reason: row.reason ?? '',
    create_time: String(Math.floor(row.createdAt.getTime() / 1000)),
  };
};

/** The member's latest application, or status 'none'. */
export async function applyStatus(db: Db, user: User, language: ApiLanguage = 'zh'): Promise<ApplyStatus> {
  const [row] = await db.select().from(communityApplications).where(eq(communityApplications.userId, user.id)).orderBy(desc(communityApplications.id)).limit(1);
  return describe(row, language);
}

/** Operators: applications, newest first, optionally of one status. */
export async function listApplications(db: Db, status?: Row['status']) {
  const rows = await db
    .select()
    .from(communityApplications)
    .where(status ? eq(communityApplications.status, status) : undefined)
    .orderBy(desc(communityApplications.id));
  return rows.map((r) => ({ ...describe(r), user_id: String(r.userId), pay_from: r.payFrom, photos: r.photoIds }));
}

/** Operators: approves a pending application; its member becomes a founder (identity_lv 10) in the same transaction. */
export async function decide(db: Db, id: number, decision: { approve: true } | { approve: false; reason: string }, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(communityApplications)
      .set({ status: decision.approve ? 'approved' : 'rejected', reason: decision.approve ? null : decision.reason, decidedAt: now })
      .where(and(eq(communityApplications.id, id), eq(communityApplications.status, 'pending')))
      .returning();
    if (!row) throw new Error(`application ${id} is not pending`);
    if (decision.approve) await setFounder(tx, { id: row.userId }, true);
    return describe(row);
  });
}

/** Applications approved or rejected in (from, to]: for the reminder emails. */
export async function applicationsDecidedBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      id: communityApplications.id,
      userId: communityApplications.userId,
      status: communityApplications.status,
      reason: communityApplications.reason,
      decidedAt: communityApplications.decidedAt,
    })
    .from(communityApplications)
    .where(and(gt(communityApplications.decidedAt, from), lte(communityApplications.decidedAt, to)));
}
