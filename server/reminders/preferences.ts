import { eq, inArray, sql } from 'drizzle-orm';
import { REMINDER_KINDS, type ReminderKind } from '../../lib/email';
import type { ApiLanguage } from '../../lib/i18n';
import type { EmailReminders } from '../../lib/api/replies';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { User } from '../users/registry';
import { emailPreferences } from './tables';

export type Preferences = { language: ApiLanguage; off: ReminderKind[] };
const DEFAULT: Preferences = { language: 'zh', off: [] };

/** Each member's reminder settings (the default, every kind on and Chinese, for one who never set any). */
export async function preferencesOf(db: Db, userIds: readonly number[]): Promise<Map<number, Preferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(emailPreferences)
          .where(inArray(emailPreferences.userId, [...userIds]));
  const found = new Map(rows.map((r) => [r.userId, { language: r.language, off: r.off }]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULT]));
}

/** The reminder emails are written in the language of the member's last email call (binding, settings). */
export async function rememberLanguage(db: Db, clock: Clock, userId: number, language: ApiLanguage): Promise<void> {
  await db
    .insert(emailPreferences)
    .values({ userId, language, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { language, updatedAt: clock.now() } });
}

/** Turns one kind on or off (the settings screen, or off through an unsubscribe link), in one statement. */
export async function setReminder(db: Db, clock: Clock, userId: number, kind: ReminderKind, on: boolean): Promise<void> {
  const next = on ? sql`array_remove(${emailPreferences.off}, ${kind})` : sql`array_append(array_remove(${emailPreferences.off}, ${kind}), ${kind})`;
  await db
    .insert(emailPreferences)
    .values({ userId, off: on ? [] : [kind], updatedAt: clock.now() })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { off: next, updatedAt: clock.now() } });
}

/** What the email settings screen shows: each kind with its switch, and whether an email is bound at all. */
export async function emailReminders(db: Db, user: User): Promise<EmailReminders> {
  const [row] = await db.select({ off: emailPreferences.off }).from(emailPreferences).where(eq(emailPreferences.userId, user.id));
  const off = new Set(row?.off ?? []);
  return { email_bound: user.email ? '1' : '0', list: REMINDER_KINDS.map((kind) => ({ kind, on: off.has(kind) ? '0' : '1' })) };
}
