'use client';
import { useTranslations } from 'next-intl';
import { Link } from 'wouter';
import type { MailDetail, MailItem } from '@/lib/api/replies';
import type { MailStatus } from '@/lib/mail';
import { formatTime } from '@/lib/time';

const TONE: Record<MailStatus, string> = {
  'not-viewed': 'bg-red-500/15 text-red-400',
  viewed: 'bg-fg/10 text-haze',
  sent: 'bg-gold/15 text-gold',
  replied: 'bg-mint/15 text-mint',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const t = useTranslations('mail.status');
  return (
    <span data-testid="mail-status" className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {t(status)}
    </span>
  );
}

/** A mail in a box: title, the start of the text, time and status; inbox mail opens EmailDetailInbox, sent mail EmailDetail. */
export function MailRow({ mail, box }: { mail: MailItem; box: 'inbox' | 'sent' }) {
  const to = box === 'inbox' ? `/email/detail/inbox?id=${mail.id}` : `/email/detail?id=${mail.id}`;
  return (
    <Link to={to} data-testid={`mail-${mail.id}`} className="block rounded-2xl bg-ink-card px-4 py-3.5 ring-1 ring-ink-line">
      <span className="flex items-center justify-between gap-2">
        <span className={`truncate text-sm text-fg ${mail.status === 'not-viewed' ? 'font-bold' : 'font-semibold'}`}>{mail.title}</span>
        <MailStatusBadge status={mail.status} />
      </span>
      <span className="mt-1 block truncate text-xs text-haze">{mail.content}</span>
      <span className="mt-1 block text-xs text-haze/80">{formatTime(mail.create_time)}</span>
    </Link>
  );
}

/** A mail in full, plain text kept as written (line breaks too); React escapes it, nothing is parsed as HTML. */
export function MailBody({ mail, from }: { mail: MailDetail; from: string }) {
  const t = useTranslations('mail');
  return (
    <article data-testid="mail-body" className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <header className="flex items-start justify-between gap-2">
        <h1 data-testid="mail-title" className="text-base font-bold leading-snug text-fg">
          {mail.title}
        </h1>
        <MailStatusBadge status={mail.status} />
      </header>
      <p className="mt-1 text-xs text-haze">
        {t('from', { from })} · {formatTime(mail.create_time)}
      </p>
      {mail.reply_to_title && <p className="mt-1 text-xs text-haze">{t('inReplyTo', { title: mail.reply_to_title })}</p>}
      <p data-testid="mail-content" className="mt-3 whitespace-pre-wrap break-words text-sm leading-6 text-fg/90">
        {mail.content}
      </p>
    </article>
  );
}

/** The administrator's answer to a sent mail, or that none has come yet. */
export function MailReply({ mail }: { mail: MailDetail }) {
  const t = useTranslations('mail');
  if (!mail.reply)
    return (
      <p data-testid="mail-awaiting" className="rounded-2xl bg-ink-card/60 px-4 py-3 text-xs text-haze ring-1 ring-ink-line">
        {t('awaitingReply')}
      </p>
    );
  return (
    <section data-testid="mail-reply" className="rounded-2xl bg-mint/10 p-4 ring-1 ring-mint/30">
      <p className="text-xs font-semibold text-mint">
        {t('adminReply')} · {formatTime(mail.reply_time)}
      </p>
      <p data-testid="mail-reply-text" className="mt-2 whitespace-pre-wrap break-words text-sm leading-6 text-fg/90">
        {mail.reply}
      </p>
    </section>
  );
}
