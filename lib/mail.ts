/**
 * Mail between a member and the administrator: plain text with bounded lengths. The app checks before
 * sending and the server enforces the same rules (server/mail/mail.ts), so both word the same refusal.
 */
export const MAIL_LIMITS = { title: 100, content: 2000 } as const;

export type MailField = 'title' | 'content';
export type MailProblem = { field: MailField; reason: 'required' | 'tooLong' | 'notPlain' };

// An HTML tag or comment (`<b>`, `</p>`, `<!--`, `<?x`); a lone '<' or '>' in prose is fine.
const TAG = /<\s*[/!?]?\s*[a-z][^>]*>|<!--/i;
// Control characters other than tab and line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Characters as a reader counts them (code points, so an emoji is one). */
const length = (text: string) => [...text].length;

/** The first problem of a mail, title first; null when it may be sent. Inputs are trimmed by the caller. */
export function checkMail(mail: { title: string; content: string }): MailProblem | null {
  const fields: [MailField, string, number][] = [
    ['title', mail.title, MAIL_LIMITS.title],
    ['content', mail.content, MAIL_LIMITS.content],
  ];
  for (const [field, text, max] of fields) {
    if (!text) return { field, reason: 'required' };
    if (length(text) > max) return { field, reason: 'tooLong' };
    if (TAG.test(text) || CONTROL.test(text) || (field === 'title' && /[\r\n]/.test(text))) return { field, reason: 'notPlain' };
  }
  return null;
}

/** The four receive states of spec section 3: inbox mail is not viewed → viewed; the member's own is sent → replied. */
export type MailStatus = 'not-viewed' | 'viewed' | 'sent' | 'replied';
export type MailBox = 'inbox' | 'sent';
