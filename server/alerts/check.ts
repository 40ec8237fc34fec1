import type { Address, PublicClient } from 'viem';
import { formatUtcMinute } from '../../lib/time';
import type { Clock } from '../clock';
import type { ConfirmationRule } from '../confirmations';
import type { Db } from '../db/client';
import { translate } from '../i18n';
import { type Logger, logger as defaultLogger } from '../log';
import { alertRecipients } from '../operators/operator-email';
import { enqueueAlerts } from '../reminders/outbox';
import { reserves } from '../views/reserves';
import { type AlertLimits, type DailyJobRun, type Reading, coverageReading, dailyJobReading, indexerReading, payoutsReading, smtpReading } from './conditions';
import { type Incident, observe } from './incidents';
import type { AlertKind } from './tables';

export type AlertDeps = {
  db: Db;
  clock: Clock;
  limits: AlertLimits;
  /** The console's address, named in every email (config.links.console). */
  consoleUrl: string;
  /** The chain the Vault and the indexer are on; without it the coverage and indexer conditions are not checked. */
  chain?: { client: PublicClient; vault: Address } & ConfirmationRule;
  /** Whether the server has SMTP: without it there is no SMTP to be down, and alerts wait in the outbox. */
  smtp: boolean;
  /** The daily job's last recorded run (jobs/last-run.ts). */
  dailyJob: () => Promise<DailyJobRun | undefined>;
  /** Where incidents are logged (the server's logger by default). */
  logger?: Logger;
};

export type AlertsReport = { open: AlertKind[]; opened: Incident[]; queued: number };

const LANGUAGES = ['en', 'zh'] as const;

/** The email of a newly opened incident: what happened with its figure, and the console's link, in English then Chinese. */
function emailOf(incident: Incident, reading: Reading, consoleUrl: string) {
  const link = `${consoleUrl}#/health`;
  const what = (language: (typeof LANGUAGES)[number]) => translate(reading.key, language, reading.params);
  return {
    subject: translate('alertSubject', 'en', { what: what('en') }),
    body: LANGUAGES.map((language) =>
      translate('alertBody', language, { what: what(language), link, id: String(incident.id), at: formatUtcMinute(incident.openedAt) }),
    ).join('\n\n———\n\n'),
  };
}

/**
 * The operators' alerts (docs/console.md, "Alerts"), checked by the job loop every ALERT_INTERVAL_MS: each condition
 * is read, its incident opened or closed (incidents.ts), and an incident that opens now is mailed once to every active
 * operator with an email, through the reminders' outbox (sent by the same drain, retried the same way); SMTP down is
 * written to the log once per incident, since mail cannot go. A condition that cannot be read (the chain not
 * answering) keeps its incident as it is.
 */
export async function runAlerts(deps: AlertDeps): Promise<AlertsReport> {
  const { db, clock, limits, chain } = deps;
  const logger = deps.logger ?? defaultLogger;
  const readings: [AlertKind, () => Promise<Reading>][] = [
    ['payouts', () => payoutsReading(db, clock, limits)],
    ['daily-job', async () => dailyJobReading(db, clock, await deps.dailyJob(), limits)],
  ];
  if (chain) {
    readings.push(['coverage', async () => coverageReading(await reserves(db, clock, chain))]);
    readings.push(['indexer', () => indexerReading(db, clock, chain, limits)]);
  }
  const report: AlertsReport = { open: [], opened: [], queued: 0 };
  const recipients = await alertRecipients(db);
  for (const [kind, read] of readings) {
    const reading = await read().catch((err: unknown) => {
      logger.warn({ err, task: 'alerts', kind }, 'alert condition could not be read');
      return undefined;
    });
    if (!reading) continue;
    const opened = await observe(db, clock, kind, reading.holds, JSON.stringify(reading.params));
    if (reading.holds) report.open.push(kind);
    if (!opened) continue;
    report.opened.push(opened);
    logger.warn({ task: 'alerts', kind, incident: opened.id, ...reading.params }, translate(reading.key, 'en', reading.params));
    const email = emailOf(opened, reading, deps.consoleUrl);
    report.queued += await enqueueAlerts(
      db,
      clock,
      recipients.map((r) => ({ eventKey: `alert:${opened.id}:${r.address}`, toEmail: r.email, ...email })),
    );
  }
  if (deps.smtp) {
    const smtp = await smtpReading(db);
    const opened = await observe(db, clock, 'smtp', smtp.holds, smtp.lastError ?? '');
    if (smtp.holds) report.open.push('smtp');
    if (opened) {
      report.opened.push(opened);
      logger.error(
        { task: 'alerts', kind: 'smtp', incident: opened.id, lastError: smtp.lastError },
        `SMTP down: emails are failing (${smtp.lastError ?? 'no error text'}); operators cannot be mailed`,
      );
    }
  }
  return report;
}
