'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { endpoints } from '@/lib/api/contract';
import { MAIL_LIMITS, type MailProblem, checkMail } from '@/lib/mail';
import { useApiMutation } from '../api/useApiMutation';
import { useToast } from '../Toast';

const PROBLEM_TEXT: Record<MailProblem['reason'], Record<MailProblem['field'], string>> = {
  required: { title: 'validation.title', content: 'validation.mailContent' },
  tooLong: { title: 'mail.titleTooLong', content: 'mail.contentTooLong' },
  notPlain: { title: 'mail.notPlain', content: 'mail.notPlain' },
};
const field = 'w-full rounded-xl bg-ink px-3 py-3 text-sm text-fg outline-none ring-1 ring-ink-line placeholder:text-haze focus:ring-gold';
const length = (text: string) => [...text].length;

/**
 * A new mail to the administrator, or the answer to one of theirs (`replyTo`): title and content, plain text,
 * checked with the server's own rules before sending; then back to the sent box.
 */
export function MailForm({ replyTo }: { replyTo?: { id: string; title: string } }) {
  const t = useTranslations();
  const toast = useToast();
  const [, navigate] = useLocation();
  const invalidates = [endpoints.getMailList];
  const send = useApiMutation(endpoints.sendMail, { invalidates, success: 'success.sent' });
  const reply = useApiMutation(endpoints.replyMail, { invalidates, success: 'success.reply' });
  const [title, setTitle] = useState(replyTo ? `Re: ${replyTo.title}`.slice(0, MAIL_LIMITS.title) : '');
  const [content, setContent] = useState('');
  const busy = send.busy || reply.busy;

  const submit = async () => {
    const mail = { title: title.trim(), content: content.trim() };
    const problem = checkMail(mail);
    if (problem) return toast.show(t(PROBLEM_TEXT[problem.reason][problem.field], { max: MAIL_LIMITS[problem.field] }));
    const done = replyTo ? await reply.run({ id: replyTo.id, ...mail }) : await send.run(mail);
    if (done) navigate('/email?box=sent', { replace: true });
  };

  return (
    <section className="space-y-3 rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-sm font-semibold text-fg">{t(replyTo ? 'mail.replyTitle' : 'mail.writeTitle')}</h2>
      <label className="block space-y-1 text-xs text-haze">
        <span className="flex justify-between">
          <span>{t('mail.title')}</span>
          <span>{t('mail.count', { n: length(title), max: MAIL_LIMITS.title })}</span>
        </span>
        <input data-testid="mail-title-input" value={title} onChange={(e) => setTitle(e.target.value)} placeholder={t('validation.title')} className={field} />
      </label>
      <label className="block space-y-1 text-xs text-haze">
        <span className="flex justify-between">
          <span>{t('mail.content')}</span>
          <span>{t('mail.count', { n: length(content), max: MAIL_LIMITS.content })}</span>
        </span>
        <textarea
          data-testid="mail-content-input"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder={t('validation.mailContent')}
          rows={8}
          className={`${field} resize-none leading-6`}
        />
      </label>
      <p className="text-xs text-haze">{t('mail.plainHint')}</p>
      <button
        data-testid="mail-submit"
        disabled={busy}
        onClick={() => void submit()}
        className="w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50"
      >
        {busy ? t('common.loading') : t('mail.send')}
      </button>
    </section>
  );
}
