import { z } from 'zod';
import { parseAddress } from '../../lib/address';
import type { ApiLanguage } from '../../lib/i18n';
import type { Clock } from '../clock';
import { CONTENT_LANGUAGES, FALLBACK_LANGUAGE } from '../content/content';
import { cleanHtml } from '../content/sanitize';
import type { Db } from '../db/client';
import { addNotice, listNotices, removeNotice } from '../content/operator';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { operatorInbox, operatorRead, operatorReply, operatorSend } from '../mail/mail';
import { opId } from './args';

/**
 * Texts per language from CLI words: `<lang> <text>…` groups of `width` words (a language code, then
 * `width - 1` texts), e.g. `zh 标题 内容 en Title Content`. zh is required: readers of other languages fall
 * back to it.
 */
export function languageTexts(width: number) {
  return z.array(z.string()).transform((words, ctx) => {
    const texts = new Map<ApiLanguage, string[]>();
    if (words.length === 0 || words.length % width !== 0) {
      ctx.addIssue({ code: 'custom', message: `expected groups of <lang> followed by ${width - 1} text(s); languages: ${CONTENT_LANGUAGES.join(', ')}` });
      return z.NEVER;
    }
    for (let i = 0; i < words.length; i += width) {
      const [language, ...group] = words.slice(i, i + width) as [string, ...string[]];
      if (!(CONTENT_LANGUAGES as readonly string[]).includes(language))
        ctx.addIssue({ code: 'custom', message: `unknown language ${language}; one of ${CONTENT_LANGUAGES.join(', ')}` });
      else if (texts.has(language as ApiLanguage)) ctx.addIssue({ code: 'custom', message: `${language} given twice` });
      else if (group.some((t) => !t.trim())) ctx.addIssue({ code: 'custom', message: `an empty text for ${language}` });
      else
        texts.set(
          language as ApiLanguage,
          group.map((t) => t.trim()),
        );
    }
    if (!texts.has(FALLBACK_LANGUAGE)) ctx.addIssue({ code: 'custom', message: `a ${FALLBACK_LANGUAGE} text is required (the fallback for every reader)` });
    return texts;
  });
}

export type RichTexts = { texts: Map<ApiLanguage, string[]>; removed: Partial<Record<ApiLanguage, string[]>> };

/**
 * Texts per language (languageTexts) whose last text is operator HTML: cleaned before it is stored, with what
 * the cleaning took out per language so the operator sees it. HTML with nothing left once cleaned is refused.
 */
export function richTexts(width: number) {
  return languageTexts(width).transform((texts, ctx): RichTexts => {
    const cleaned = new Map<ApiLanguage, string[]>();
    const removed: RichTexts['removed'] = {};
    for (const [language, group] of texts) {
      const { html, removed: taken } = cleanHtml(group.at(-1) ?? '');
      if (!html) ctx.addIssue({ code: 'custom', message: `the ${language} HTML is empty once cleaned (removed: ${taken.join(', ') || 'nothing'})` });
      if (taken.length) removed[language] = taken;
      cleaned.set(language, [...group.slice(0, -1), html]);
    }
    return { texts: cleaned, removed };
  });
}

const mailId = opId('a mail id');
const noticeId = opId('a notice id');
const recipient = z.string().transform((v, ctx) => {
  if (v === 'all') return 'all' as const;
  const parsed = parseAddress(v);
  if (parsed.ok) return { address: parsed.address };
  ctx.addIssue({ code: 'custom', message: `not an address or 'all': ${v}` });
  return z.NEVER;
});

/** Business refusals read by an operator: in English rather than as a message key. */
const inEnglish = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw new Error(translate(error.key, 'en', error.params), { cause: error });
    throw error;
  }
};

/** Operator commands for announcements (per language) and the mail between members and the administrator. */
export const MAIL_OPS = {
  'notice.add': {
    // zh <title> <html> [en <title> <html> …]: the HTML is cleaned (server/content/sanitize.ts); `removed` says what went.
    args: richTexts(3),
    run: async (db: Db, { texts, removed }: RichTexts) => ({
      id: await addNotice(db, new Map([...texts].map(([language, [title, content]]) => [language, { title: title!, content: content! }]))),
      languages: [...texts.keys()],
      removed,
    }),
  },
  'notices.list': {
    args: z.tuple([]),
    run: async (db: Db) => listNotices(db),
  },
  'notice.remove': {
    args: z.tuple([noticeId]),
    run: async (db: Db, [id]: [number]) => {
      if (!(await removeNotice(db, id))) throw new Error(`no notice ${id}`);
      return { removed: id };
    },
  },
  'mail.list': {
    args: z.tuple([]).rest(z.enum(['sent', 'replied', 'all'])),
    run: async (db: Db, [filter]: ('sent' | 'replied' | 'all')[]) => operatorInbox(db, filter ?? 'sent'),
  },
  'mail.read': { args: z.tuple([mailId]), run: async (db: Db, [id]: [number]) => operatorRead(db, id) },
  'mail.reply': {
    args: z.tuple([mailId, z.string()]).rest(z.string()),
    run: async (db: Db, [id, ...words]: [number, ...string[]], clock: Clock) => inEnglish(operatorReply(db, clock, id, words.join(' '))),
  },
  'mail.send': {
    args: z.tuple([recipient, z.string(), z.string()]).rest(z.string()),
    run: async (db: Db, [to, title, ...words]: [{ address: string } | 'all', string, ...string[]], clock: Clock) =>
      inEnglish(operatorSend(db, clock, to, { title, content: words.join(' ') })),
  },
} as const;
