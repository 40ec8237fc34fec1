import type { PublicClient } from 'viem';
import { formatUnits } from 'viem';
import { formatUtcMinute } from '../../lib/time';
import { indexedBlock } from '../chain/cursor';
import type { Clock } from '../clock';
import { type ConfirmationRule, confirmedBlock } from '../confirmations';
import type { Db } from '../db/client';
import type { MessageKey } from '../i18n';
import { failingSends } from '../reminders/health';
import { putSetting, readSettings } from '../settings/settings';
import { healthFacts } from '../views/console';
import { type Reserves, coveragePercent } from '../views/reserves';

/** What one check of a condition saw: whether it holds, and how to word it (a server/i18n.ts key and its values). */
export type Reading = { holds: boolean; key: MessageKey; params: Record<string, string> };
export type AlertLimits = { indexerStallMs: number; dailyJobLateMs: number; payoutStuckMs: number };
/** The daily job's last recorded outcome (jobs/last-run.ts, handed down by the job loop). */
export type DailyJobRun = { at: string; ok: boolean; error?: string };

const wld = (units: bigint) => Number(formatUnits(units, 18)).toFixed(2);
const minutes = (ms: number) => String(Math.round(ms / 60_000));

/** Coverage below the operators' threshold (views/reserves.ts decides `below`, exactly). */
export function coverageReading(r: Reserves): Reading {
  return {
    holds: r.below,
    key: 'alertCoverage',
    params: {
      coverage: r.coverage ? coveragePercent(r.coverage) : '—',
      threshold: r.threshold ?? '—',
      vault: r.vault ? wld(r.vault.wld) : '—',
      owed: wld(r.owed.total),
    },
  };
}

/** A payout flagged for the operator, or an approved withdrawal still unpaid longer than `payoutStuckMs` after its approval. */
export async function payoutsReading(db: Db, clock: Clock, limits: AlertLimits): Promise<Reading> {
  const { payouts } = await healthFacts(db);
  const stuck = payouts.oldestWaitingAt !== null && clock.now().getTime() - new Date(payouts.oldestWaitingAt).getTime() > limits.payoutStuckMs;
  return {
    holds: payouts.flagged > 0 || stuck,
    key: 'alertPayouts',
    params: { flagged: String(payouts.flagged), stuck: stuck ? String(payouts.waiting) : '0', minutes: minutes(limits.payoutStuckMs) },
  };
}

const PROGRESS_KEY = 'alerts.indexer.progress';
type Progress = { block: number | null; at: number };

/**
 * The indexer stalled: blocks are confirmed beyond the one it recorded (confirmations.ts, the indexer's own rule), and
 * its block has not moved for longer than `indexerStallMs`. Where it was, and since when, is kept in a setting, so
 * every server's check measures from the same moment.
 */
export async function indexerReading(db: Db, clock: Clock, chain: { client: PublicClient } & ConfirmationRule, limits: AlertLimits): Promise<Reading> {
  const now = clock.now().getTime();
  const block = await indexedBlock(db);
  const confirmed = await confirmedBlock(chain.client, chain);
  const stored = (await readSettings(db, [PROGRESS_KEY])).get(PROGRESS_KEY);
  const last = stored ? (JSON.parse(stored) as Progress) : undefined;
  const waiting = block === null ? confirmed >= 0n : confirmed > BigInt(block);
  if (!last || last.block !== block || !waiting) await putSetting(db, PROGRESS_KEY, JSON.stringify({ block, at: now } satisfies Progress));
  const since = last && last.block === block ? last.at : now;
  return {
    holds: waiting && now - since > limits.indexerStallMs,
    key: 'alertIndexer',
    params: { block: block === null ? '—' : String(block), confirmed: confirmed.toString(), minutes: minutes(limits.indexerStallMs) },
  };
}

/** The daily job's last run failed, or no run was recorded for longer than `dailyJobLateMs` (since the first check, before any). */
export async function dailyJobReading(db: Db, clock: Clock, lastRun: DailyJobRun | undefined, limits: AlertLimits): Promise<Reading> {
  if (lastRun && !lastRun.ok)
    return { holds: true, key: 'alertDailyJobFailed', params: { at: formatUtcMinute(new Date(lastRun.at)), error: lastRun.error ?? '' } };
  const { jobRanAt } = await healthFacts(db);
  const ranAt = jobRanAt?.getTime() ?? (lastRun ? new Date(lastRun.at).getTime() : null);
  const late = ranAt !== null && clock.now().getTime() - ranAt > limits.dailyJobLateMs;
  return { holds: late, key: 'alertDailyJobLate', params: { at: ranAt === null ? '—' : formatUtcMinute(new Date(ranAt)) } };
}

/** Emails waiting whose last try failed: SMTP refuses or cannot be reached (reported to the log only: mail cannot go). */
export async function smtpReading(db: Db): Promise<Reading & { lastError: string | null }> {
  const failing = await failingSends(db);
  return { holds: failing.count > 0, key: 'alertSubject', params: { what: `SMTP: ${failing.count} email(s) failing` }, lastError: failing.lastError };
}
