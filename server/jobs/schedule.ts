import type { PublicClient } from 'viem';
import { type AlertDeps, runAlerts } from '../alerts/check';
import { type IndexerConfig, indexUntilCaughtUp } from '../chain/indexer';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { runPayouts } from '../ledger/payouts';
import type { PayoutChain } from '../ledger/payout-vault';
import { logger } from '../log';
import type { Mailer } from '../email/mailer';
import { runReminders } from '../reminders/job';
import type { ReminderLinks } from '../reminders/links';
import { runStakingJobs } from '../staking/daily';
import type { IndexerHold } from './indexer-hold';
import { stakingLastRun, timedStakingRun } from './last-run';
import { type JobObserver, observed } from './observe';
import { purgeExpired } from './purge';

/**
 * What runs when, in every server process (main.ts starts it; tests and the admin's jobs.run call the bodies):
 * - every `jobIntervalMs`: the daily staking job (staking/daily.ts: ranks once a UTC day, dividends and
 *   rewards of every completed day, renewals and expiries), then the purge of expired challenges, sessions,
 *   email codes and rate-limit counters (./purge.ts), then the reminder emails (reminders/job.ts: the new events'
 *   emails queued once each in the outbox, then the due ones sent over SMTP, retried with backoff);
 * - every `indexIntervalMs`, when a chain is configured: the Vault indexer catches up (chain/indexer.ts:
 *   deposits, withdrawals, transfers), then the payout job pays approved withdrawals (ledger/payouts.ts);
 * - every `alerts.intervalMs`: the operators' alerts (alerts/check.ts: each condition's incident opened or closed, a
 *   new one mailed once through the reminders' outbox, which the job interval's drain sends).
 * A second server process never double-runs a body: the staking job and the payout job hold advisory locks
 * (db/locks.ts), so it skips; the indexer records each event once by its transaction hash and log index; the outbox
 * leases the rows it sends; an alert keeps one open incident per kind.
 * One indexer round at a time per process: a slow chain never stacks rounds. `observe` hears of each run of the
 * staking job, the indexer and the payout job (server/metrics/). On the local stack, `hold` (held by the admin app's
 * /admin/indexer/hold) skips the indexer's rounds until it is released.
 */
export function startJobs(opts: {
  db: Db;
  clock: Clock;
  jobIntervalMs: number;
  indexIntervalMs: number;
  chain?: { client: PublicClient; indexer: IndexerConfig };
  payouts?: PayoutChain;
  /** The reminders' SMTP (none: they wait in the outbox) and their links. */
  reminders?: { mailer?: Mailer; links: ReminderLinks };
  observe?: JobObserver;
  /** The operators' alerts: how often, and what they need beside the database, the clock and the daily job's last run. */
  alerts?: Omit<AlertDeps, 'db' | 'clock' | 'dailyJob'> & { intervalMs: number };
  hold?: IndexerHold;
}): () => void {
  const { db, clock, chain, payouts, reminders, observe, alerts, hold } = opts;
  const runJobs = async () => {
    const staking = await timedStakingRun(db, clock, () => runStakingJobs(db, clock), observe);
    const purged = await purgeExpired(db, clock);
    logger.debug({ task: 'jobs', staking, purged }, 'jobs ran');
    // After the day's work (a stake expired this run is found this run), and apart: a failing reminder never stops the jobs.
    if (reminders) {
      const reminded = await runReminders(db, clock, reminders.mailer, reminders.links).catch((err) =>
        logger.error({ err, task: 'reminders' }, 'reminders failed'),
      );
      if (reminded && reminded.queued + reminded.sent + reminded.retried + reminded.failed > 0)
        logger.info({ task: 'reminders', ...reminded }, 'reminder emails');
    }
  };
  const jobs = setInterval(() => void runJobs().catch((err) => logger.error({ err, task: 'jobs' }, 'jobs failed')), opts.jobIntervalMs);
  let indexing = false;
  const indexer = chain
    ? setInterval(() => {
        if (indexing || hold?.held) return;
        indexing = true;
        const round = observed('indexer', observe, () => indexUntilCaughtUp(db, chain.client, chain.indexer, clock))
          .then((events) => events && logger.info({ task: 'indexer', events }, 'deposits indexed'))
          .then(
            () =>
              payouts &&
              observed(
                'payouts',
                observe,
                () => runPayouts(db, payouts, clock, (line) => logger.warn({ task: 'payouts' }, line)),
                (report) => !report.ran,
              ),
          )
          .then((paid) => paid && paid.sent + paid.confirmed + paid.recovered > 0 && logger.info({ task: 'payouts', ...paid }, 'payouts moved'))
          .catch((err) => logger.error({ err, task: 'indexer' }, 'indexing or payouts failed'))
          .finally(() => (indexing = false));
        hold?.track(round);
      }, opts.indexIntervalMs)
    : undefined;
  let alerting = false;
  const alertChecks = alerts
    ? setInterval(() => {
        if (alerting) return;
        alerting = true;
        void runAlerts({ ...alerts, db, clock, dailyJob: () => stakingLastRun(db) })
          .then((r) => r.opened.length > 0 && logger.info({ task: 'alerts', opened: r.opened.map((i) => i.kind), queued: r.queued }, 'alerts opened'))
          .catch((err) => logger.error({ err, task: 'alerts' }, 'alerts check failed'))
          .finally(() => (alerting = false));
      }, alerts.intervalMs)
    : undefined;
  return () => {
    clearInterval(jobs);
    if (indexer) clearInterval(indexer);
    if (alertChecks) clearInterval(alertChecks);
  };
}
