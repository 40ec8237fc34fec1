import { and, asc, desc, eq, gt, isNull, isNotNull, lte } from 'drizzle-orm';
import { MAIL_LIMITS, type MailBox, type MailProblem, type MailStatus, checkMail } from '../../lib/mail';
import type { MailDetail, MailItem, Page } from '../../lib/api/replies';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { mails } from './tables';
import { members } from '../users/relations';
import { AppError } from '../errors';
import { readPage } from '../paging';
import type { MessageKey } from '../i18n';
import type { User } from '../users/registry';

type Mail = typeof mails.$inferSelect;
const seconds = (d: Date | null) => (d ? String(Math.floor(d.getTime() / 1000)) : '');

export const mailStatus = (m: Pick<Mail, 'fromAdmin' | 'viewed' | 'repliedAt'>): MailStatus =>
  m.fromAdmin ? (m.viewed ? 'viewed' : 'not-viewed') : m.repliedAt ? 'replied' : 'sent';

const PROBLEM_KEYS: Record<`${MailProblem['field']}:${MailProblem['reason']}`, MessageKey> = {
  'title:required': 'mailTitleRequired',
  'title:tooLong': 'mailTitleTooLong',
  'title:notPlain': 'mailNotPlainText',
  'content:required': 'mailContentRequired',
  'content:tooLong': 'mailContentTooLong',
  'content:notPlain': 'mailNotPlainText',
};

/** Trimmed title and content, or the rule they break (lib/mail.ts) as a localised refusal. */
export function validMail(input: { title: string; content: string }) {
  const mail = { title: input.title.trim(), content: input.content.trim() };
  const problem = checkMail(mail);
  if (problem) throw new AppError(PROBLEM_KEYS[`${problem.field}:${problem.reason}`], { max: String(MAIL_LIMITS[problem.field]) });
  return mail;
}

const item = (m: Mail): MailItem => ({ id: String(m.id), title: m.title, content: m.content, status: mailStatus(m), create_time: seconds(m.createdAt) });

/** One page of a box, newest first: the inbox is mail from the administrator, sent the member's own. */
export async function mailList(db: Db, user: User, box: MailBox, page: number, limit: number): Promise<Page<MailItem>> {
  const mine = and(eq(mails.userId, user.id), eq(mails.fromAdmin, box === 'inbox'));
  return readPage(page, limit, (w) => db.select().from(mails).where(mine).orderBy(desc(mails.id)).limit(w.limit).offset(w.offset), item);
}

async function ownMail(db: Db, user: User, id: number): Promise<Mail> {
  const [mail] = await db
    .select()
    .from(mails)
    .where(and(eq(mails.id, id), eq(mails.userId, user.id)))
    .limit(1);
  if (!mail) throw new AppError('mailNotFound');
  return mail;
}

/** One of the member's mails; opening a mail from the administrator marks it viewed (the unread count drops). */
export async function mailDetail(db: Db, user: User, id: number): Promise<MailDetail> {
  let mail = await ownMail(db, user, id);
  if (mail.fromAdmin && !mail.viewed) {
    [mail] = (await db.update(mails).set({ viewed: true }).where(eq(mails.id, mail.id)).returning()) as [Mail];
  }
  const answered = mail.replyToId ? await ownMail(db, user, mail.replyToId).catch(() => undefined) : undefined;
  return {
    ...item(mail),
    reply: mail.reply ?? '',
    reply_time: seconds(mail.repliedAt),
    reply_to_id: answered ? String(answered.id) : '',
    reply_to_title: answered?.title ?? '',
  };
}

/** A new mail from the member to the administrator. */
export async function sendMail(db: Db, clock: Clock, user: User, input: { title: string; content: string }) {
  const mail = validMail(input);
  const [row] = await db
    .insert(mails)
    .values({ userId: user.id, ...mail, fromAdmin: false, viewed: true, createdAt: clock.now() })
    .returning({ id: mails.id });
  return { id: String(row!.id) };
}

/** The member's answer to a mail the administrator sent them: a new mail in their sent box that names it. */
export async function replyMail(db: Db, clock: Clock, user: User, input: { id: string; title: string; content: string }) {
  const mail = validMail(input);
  const answered = await ownMail(db, user, Number(input.id));
  if (!answered.fromAdmin) throw new AppError('mailNotFound');
  const [row] = await db
    .insert(mails)
    .values({ userId: user.id, ...mail, fromAdmin: false, viewed: true, replyToId: answered.id, createdAt: clock.now() })
    .returning({ id: mails.id });
  return { id: String(row!.id) };
}

// Operators (server/admin/mail-ops.ts): read the members' mail, reply to it, send mail to one member or all.

/** Members' mail for the operator, newest first: awaiting a reply ('sent'), answered ('replied') or all. */
export async function operatorInbox(db: Db, filter: 'sent' | 'replied' | 'all') {
  const state = filter === 'sent' ? isNull(mails.repliedAt) : filter === 'replied' ? isNotNull(mails.repliedAt) : undefined;
  const rows = await db
    .select({ mail: mails, address: members.address })
    .from(mails)
    .innerJoin(members, eq(members.id, mails.userId))
    .where(and(eq(mails.fromAdmin, false), state))
    .orderBy(desc(mails.id))
    .limit(200);
  return rows.map(({ mail, address }) => ({ id: mail.id, from: address, title: mail.title, status: mailStatus(mail), createdAt: mail.createdAt }));
}

/** One member mail in full, with the reply when there is one. */
export async function operatorRead(db: Db, id: number) {
  const [row] = await db
    .select({ mail: mails, address: members.address })
    .from(mails)
    .innerJoin(members, eq(members.id, mails.userId))
    .where(and(eq(mails.id, id), eq(mails.fromAdmin, false)))
    .limit(1);
  if (!row) throw new Error(`no member mail ${id}`);
  const { mail, address } = row;
  return {
    id: mail.id,
    from: address,
    title: mail.title,
    content: mail.content,
    status: mailStatus(mail),
    createdAt: mail.createdAt,
    reply: mail.reply,
    repliedAt: mail.repliedAt,
    replyToId: mail.replyToId,
  };
}

/**
 * The administrator's reply to a member's mail, once: it moves the mail from sent to replied and lands in the
 * member's inbox as a new mail from the administrator, unread until opened, that names the mail it answers.
 */
export async function operatorReply(db: Db, clock: Clock, id: number, text: string) {
  const { content: reply } = validMail({ title: 'reply', content: text });
  return db.transaction(async (tx) => {
    const repliedAt = clock.now();
    const [row] = await tx
      .update(mails)
      .set({ reply, repliedAt })
      .where(and(eq(mails.id, id), eq(mails.fromAdmin, false), isNull(mails.repliedAt)))
      .returning();
    if (!row) throw new Error(`mail ${id} is not a member's mail awaiting a reply`);
    const [inbox] = await tx
      .insert(mails)
      .values({ userId: row.userId, title: row.title, content: reply, fromAdmin: true, viewed: false, replyToId: row.id, createdAt: repliedAt })
      .returning({ id: mails.id });
    return { id: row.id, status: mailStatus(row), repliedAt: row.repliedAt, inboxId: inbox!.id };
  });
}

/** Mail from the administrator to one member (by address) or to every member: one inbox row each. */
export async function operatorSend(db: Db, clock: Clock, to: { address: string } | 'all', input: { title: string; content: string }) {
  const mail = validMail(input);
  const recipients =
    to === 'all'
      ? await db.select({ id: members.id }).from(members).orderBy(asc(members.id))
      : await db.select({ id: members.id }).from(members).where(eq(members.address, to.address)).limit(1);
  if (recipients.length === 0) throw new Error(to === 'all' ? 'no members yet' : `${to.address} is not a registered member`);
  const createdAt = clock.now();
  const rows = await db
    .insert(mails)
    .values(recipients.map((r) => ({ userId: r.id, ...mail, fromAdmin: true, viewed: false, createdAt })))
    .returning({ id: mails.id });
  return { sent: rows.length, ids: rows.map((r) => r.id) };
}

/** The administrator's replies to members' mails given in (from, to]: for the reminder emails. */
export async function repliesBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ id: mails.id, userId: mails.userId, title: mails.title, repliedAt: mails.repliedAt })
    .from(mails)
    .where(and(eq(mails.fromAdmin, false), gt(mails.repliedAt, from), lte(mails.repliedAt, to)));
}
