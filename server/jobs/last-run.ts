import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { readSettings, putSetting } from '../settings/settings';
import { type JobObserver, observed } from './observe';

/** The daily staking job's last run that did work or failed (the console's health screen). */
export const STAKING_LAST_RUN_KEY = 'jobs.staking.last_run';
export type LastRun = { at: string; durationMs: number; ok: boolean; error?: string };

/**
 * Runs the staking job body and records when it last did work (or failed) and how long it took; the many runs that
 * find nothing to do record nothing. Failures are recorded, then thrown to the caller as before. `observe` hears of
 * every run (the metrics), a skipped one too.
 */
export async function timedStakingRun<T extends { ran: boolean }>(db: Db, clock: Clock, run: () => Promise<T>, observe?: JobObserver): Promise<T> {
  return observed(
    'daily',
    observe,
    () => recordedRun(db, clock, run),
    (report) => !report.ran,
  );
}

async function recordedRun<T extends { ran: boolean }>(db: Db, clock: Clock, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const record = (entry: Omit<LastRun, 'at' | 'durationMs'>) =>
    putSetting(db, STAKING_LAST_RUN_KEY, JSON.stringify({ at: clock.now().toISOString(), durationMs: Math.round(performance.now() - started), ...entry }));
  try {
    const report = await run();
    if (report.ran) await record({ ok: true });
    return report;
  } catch (error) {
    await record({ ok: false, error: (error as Error).message.split('\n')[0]!.slice(0, 300) }).catch(() => undefined);
    throw error;
  }
}

export async function stakingLastRun(db: Db): Promise<LastRun | undefined> {
  const stored = (await readSettings(db, [STAKING_LAST_RUN_KEY])).get(STAKING_LAST_RUN_KEY);
  try {
    return stored ? (JSON.parse(stored) as LastRun) : undefined;
  } catch {
    return undefined;
  }
}
