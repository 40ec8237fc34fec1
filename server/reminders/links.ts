import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REMINDER_KINDS, type ReminderKind } from '../../lib/email';
import { API_LANGUAGE, type ApiLanguage } from '../../lib/i18n';
import type { Db } from '../db/client';
import { reminderState } from './tables';

/** The reminder emails' link bases: the app (records, email settings) and this API's public address. */
export type ReminderLinks = { app: string; api: string };

const KEY_ROW = 'link-key';

/** The key that signs unsubscribe links: made once (random, 32 bytes) by whichever server needs it first, kept in the database so every server checks the others' links. */
export async function linkKey(db: Db): Promise<Buffer> {
  await db
    .insert(reminderState)
    .values({ name: KEY_ROW, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: reminderState.value }).from(reminderState).where(eq(reminderState.name, KEY_ROW));
  return Buffer.from(row!.value!, 'hex');
}

const signature = (key: Buffer, userId: number, kind: ReminderKind) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);

/** The one-tap unsubscribe link of one kind for one member: signed, no sign-in needed; `l` only picks the page's language. */
export function unsubscribeUrl(links: ReminderLinks, key: Buffer, userId: number, kind: ReminderKind, language: ApiLanguage): string {
  const query = new URLSearchParams({ u: String(userId), k: kind, l: language, s: signature(key, userId, kind) });
  return `${links.api}/email/unsubscribe?${query.toString()}`;
}

const LANGUAGES = new Set<string>(Object.values(API_LANGUAGE));

/** The member and kind an unsubscribe link names, when its signature holds; the page's language either way. */
export async function readUnsubscribe(
  db: Db,
  query: Record<string, string | undefined>,
): Promise<{ language: ApiLanguage; target?: { userId: number; kind: ReminderKind } }> {
  const language = LANGUAGES.has(query.l ?? '') ? (query.l as ApiLanguage) : 'zh';
  const userId = /^[1-9]\d{0,9}$/.test(query.u ?? '') ? Number(query.u) : undefined;
  const kind = REMINDER_KINDS.find((k) => k === query.k);
  if (!userId || !kind || !query.s) return { language };
  const expected = Buffer.from(signature(await linkKey(db), userId, kind));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { language, target: { userId, kind } } : { language };
}
