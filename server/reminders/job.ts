import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Mailer } from '../email/mailer';
import { collectReminders } from './collect';
import type { ReminderLinks } from './links';
import { type SendReport, sendQueued } from './outbox';

export type RemindersReport = SendReport & { queued: number };

/** The reminders' job (jobs/schedule.ts): queue the new events' emails, then send what is due; without SMTP they wait in the outbox. */
export async function runReminders(db: Db, clock: Clock, mailer: Mailer | undefined, links: ReminderLinks): Promise<RemindersReport> {
  const queued = await collectReminders(db, clock, links);
  const sent = mailer ? await sendQueued(db, clock, mailer) : { sent: 0, retried: 0, failed: 0, dropped: 0 };
  return { queued, ...sent };
}
