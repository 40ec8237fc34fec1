import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Hash, formatEther } from 'viem';
import type { Clock } from '../clock';
import { confirmedBlock, isConfirmed } from '../confirmations';
import type { Db } from '../db/client';
import { asOnlyRunner } from '../db/job-lock';
import { ADVISORY_LOCKS } from '../db/locks';
import { logger } from '../log';
import { type Payable, type PayoutChain, type Refusal, isRetryLater, onChain, refusalProblem, sendPayout } from './payout-vault';
import { withdrawals } from './tables';

const BATCH = 20;

/**
 * `deferred`: withdrawals the Vault refused for now (see RETRY_LATER); they stay approved and unpaid.
 * `flagged`: withdrawals set aside for the operator (payoutProblem), e.g. paid on chain other than owed.
 */
export type PayoutReport = {
  ran: boolean;
  sent: number;
  confirmed: number;
  recovered: number;
  flagged: { id: number; problem: string }[];
  deferred: { id: number; refusal: Refusal }[];
};

/** A withdrawal due, with the hash of its payout once sent. */
type Due = Payable & { payoutTxHash: string | null };

/** What the run decided for one withdrawal from the chain's answers; `apply` writes it. */
type Step =
  | { kind: 'nothing' }
  | { kind: 'confirmed' }
  | { kind: 'hash'; hash: Hash | null; counts?: 'sent' | 'recovered' }
  | { kind: 'flag'; problem: string }
  | { kind: 'deferred'; refusal: Refusal };
const NOTHING: Step = { kind: 'nothing' };
const CONFIRMED: Step = { kind: 'confirmed' };
type WithdrawalUpdate = Partial<typeof withdrawals.$inferInsert>;

/**
 * Pays approved withdrawals on chain with Vault.payout(requestId, amount, signatures) from the operator key (the
 * approvers' signatures: the key alone pays nothing), and marks each paid once its transaction's block is confirmed
 * (server/confirmations.ts). One runner at a time across processes: the run holds a session-level advisory lock on a
 * session of its own (db/job-lock.ts), and a second runner skips (`ran: false`). No transaction is open while the job
 * talks to the chain: each withdrawal is read, decided from the chain's answers, then written in one statement, and a
 * sent payout's hash is recorded as soon as the send returns. One lock for the run rather than a claim on each row:
 * one runner keeps the operator key's nonces in one line, and a dead runner's lock ends with its session, with no
 * lease to wait out or to lapse under a runner still sending.
 *
 * The Vault pays a request only to its requester, at most its amount, once, so a crash between sending and recording
 * can never pay twice: the crashed session's lock ends with it, and the next run finds the request paid on chain and
 * recovers the hash from the PaidOut event instead of sending again. Before trusting a PaidOut (or sending), the job
 * compares the Vault's record with the row: a PaidOut to another address or of another amount (another key paid it: a
 * leaked operator key), or a request whose requester or amount differs from the row, is flagged in `payoutProblem`
 * for the operator (`withdrawals.flagged`), the row stays unpaid and is skipped from then on, and the job goes on with
 * the next withdrawal. When the Vault refuses a payout for now (paused, a cap, too little WLD: RETRY_LATER), nothing
 * is sent or marked: the withdrawal stays approved and unpaid, `log` says why, and the next run tries again. When it
 * refuses the approvals (too few for the amount, a signer no longer an approver), the withdrawal is flagged with what
 * to do: approving again will not help until the Vault's approvers or threshold change.
 */
export async function runPayouts(
  db: Db,
  chain: PayoutChain,
  clock: Clock,
  log: (line: string) => void = (line) => logger.warn({ task: 'payouts' }, line),
): Promise<PayoutReport> {
  const report = await asOnlyRunner(db, ADVISORY_LOCKS.payoutJob, (session) => payDue(session, chain, clock, log));
  return report ?? { ...emptyReport(), ran: false };
}

const emptyReport = (): PayoutReport => ({ ran: true, sent: 0, confirmed: 0, recovered: 0, flagged: [], deferred: [] });

async function payDue(db: Db, chain: PayoutChain, clock: Clock, log: (line: string) => void): Promise<PayoutReport> {
  const report = emptyReport();
  const due = await dueWithdrawals(db);
  if (due.length === 0) return report;
  const confirmed = await confirmedBlock(chain.client, chain);
  for (const w of due) {
    const sentAs = w.payoutTxHash as Hash | null;
    const step = sentAs ? await settleSent(chain, w, sentAs, confirmed) : await payUnsent(db, chain, w);
    await apply(db, clock, w, step, report, log);
    // Paused: every other payout would be refused the same way.
    if (step.kind === 'deferred' && step.refusal === 'EnforcedPause') break;
  }
  return report;
}

/** Approved, unpaid, numbered by the Vault and not flagged, oldest first. */
async function dueWithdrawals(db: Db): Promise<Due[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'audit-successful'), isNull(withdrawals.paidAt), isNotNull(withdrawals.requestId), isNull(withdrawals.payoutProblem)))
    .orderBy(asc(withdrawals.id))
    .limit(BATCH);
  return rows.map((row) => ({ ...row, requestId: row.requestId as bigint }));
}

/**
 * A sent payout: paid once its block is confirmed; reverted (for example AlreadyPaid after a resend): find the
 * payment that did go through, or send again.
 */
async function settleSent(chain: PayoutChain, w: Due, hash: Hash, confirmed: bigint): Promise<Step> {
  const receipt = await chain.client.getTransactionReceipt({ hash }).catch(() => null);
  if (receipt?.status === 'success') return isConfirmed(receipt.blockNumber, confirmed) ? CONFIRMED : NOTHING;
  if (receipt?.status !== 'reverted') return NOTHING;
  const paid = await onChain(chain, w);
  if (paid.kind === 'problem') return { kind: 'flag', problem: paid.problem };
  return { kind: 'hash', hash: paid.kind === 'paid' ? paid.hash : null };
}

/** A payout not sent (or whose record a crash lost): recover it from the Vault's PaidOut, else send it. */
async function payUnsent(db: Db, chain: PayoutChain, w: Due): Promise<Step> {
  const found = await onChain(chain, w);
  if (found.kind === 'problem') return { kind: 'flag', problem: found.problem };
  if (found.kind === 'paid') return { kind: 'hash', hash: found.hash, counts: 'recovered' };
  const sent = await sendPayout(chain, w, await chain.signatures(db, w.id));
  if (sent.kind === 'sent') return { kind: 'hash', hash: sent.hash, counts: 'sent' };
  // Paid between the read and the send: the next run compares its PaidOut.
  if (sent.refusal === 'AlreadyPaid') return NOTHING;
  if (isRetryLater(sent.refusal)) return { kind: 'deferred', refusal: sent.refusal };
  return { kind: 'flag', problem: refusalProblem(w, sent.refusal) };
}

/** Writes one step (a statement of its own) and tells the report and the log. */
async function apply(db: Db, clock: Clock, w: Due, step: Step, report: PayoutReport, log: (line: string) => void) {
  const set = (values: WithdrawalUpdate) => db.update(withdrawals).set(values).where(eq(withdrawals.id, w.id));
  if (step.kind === 'confirmed') {
    await set({ paidAt: clock.now() });
    report.confirmed += 1;
  } else if (step.kind === 'hash') {
    await set({ payoutTxHash: step.hash });
    if (step.counts) report[step.counts] += 1;
  } else if (step.kind === 'flag') {
    await set({ payoutProblem: step.problem, payoutTxHash: null });
    report.flagged.push({ id: w.id, problem: step.problem });
    log(`payouts: withdrawal ${w.id} flagged for the operator and skipped: ${step.problem}`);
  } else if (step.kind === 'deferred') {
    // Nothing was sent: no hash, no paid time; the withdrawal stays approved for the next run.
    report.deferred.push({ id: w.id, refusal: step.refusal });
    log(
      `payouts: withdrawal ${w.id} (${formatEther(w.amount)} WLD to ${w.address}) not paid: the Vault refused with ${step.refusal}; it stays approved and unpaid and is retried on the next run`,
    );
  }
}
