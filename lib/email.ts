/** Email binding rules shared by the app and the server (server/email/binding.ts). */
export const EMAIL_MAX = 254;
/** Six digits, single use, for 10 minutes, at most 5 tries; one send a minute per member (and scene) and per email. */
export const CODE_RULES = { digits: 6, ttlSeconds: 600, maxTries: 5, resendSeconds: 60 } as const;

// Local part without spaces or quotes-and-brackets; a domain of dot-separated labels with a TLD of letters.
const EMAIL = /^[^\s@"<>()[\]\\,;:]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Trimmed and lower-cased: how an email is compared and stored. */
export const normalizeEmail = (raw: string) => raw.trim().toLowerCase();

/** 'required', 'invalid' or null for a usable email (after normalizing). */
export function checkEmail(raw: string): 'required' | 'invalid' | null {
  const email = normalizeEmail(raw);
  if (!email) return 'required';
  return email.length <= EMAIL_MAX && EMAIL.test(email) ? null : 'invalid';
}

export const isCode = (raw: string) => new RegExp(`^\\d{${CODE_RULES.digits}}$`).test(raw.trim());

/** What a code is for: binding a first email, or changing it (a code to the current email, then one to the new). */
export const CODE_SCENES = ['bind', 'change-old', 'change-new'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/** `a***@example.com`: enough to recognise one's own address without showing it whole. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * The kinds of reminder email a member with a bound address receives (server/reminders/), each on by default
 * and turned off on the email settings screen or by the one-tap unsubscribe link in the email itself.
 */
export const REMINDER_KINDS = ['stake', 'withdrawal', 'reply', 'community'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
