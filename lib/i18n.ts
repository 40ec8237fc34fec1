import { LOCAL_KEYS, SESSION_KEYS } from './storage-keys';

/** UI locales (message files) and the API language codes of spec section 9. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en', 'fr', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const API_LANGUAGE: Record<Locale, 'zh' | 'cht' | 'en' | 'fra' | 'kor'> = {
  'zh-CN': 'zh',
  'zh-TW': 'cht',
  en: 'en',
  fr: 'fra',
  ko: 'kor',
};
export type ApiLanguage = (typeof API_LANGUAGE)[Locale];

/** Each language named in itself, for the pickers. */
export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  fr: 'Français',
  ko: '한국어',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

type Readable = Pick<Storage, 'getItem'> | undefined;

/** This visit's language (the spec's sessionStorage key), else the one chosen on an earlier visit, else the default. */
export function storedLocale(session: Readable, local: Readable): Locale {
  const value = readKey(session, SESSION_KEYS.language);
  if (isLocale(value)) return value;
  const remembered = readKey(local, LOCAL_KEYS.language);
  return isLocale(remembered) ? remembered : DEFAULT_LOCALE;
}

function readKey(storage: Readable, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the choice for this visit (spec) and for the next ones. */
export function storeLocale(locale: Locale, session: Pick<Storage, 'setItem'>, local: Pick<Storage, 'setItem'>) {
  session.setItem(SESSION_KEYS.language, locale);
  try {
    local.setItem(LOCAL_KEYS.language, locale);
  } catch {
    // Private modes may refuse localStorage: the choice still holds for this visit.
  }
}

export type Messages = Record<string, unknown>;

const loaded = new Map<Locale, Messages>();

/** Loads only the active language's messages (one chunk per locale). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const messages = await importMessages(locale);
  loaded.set(locale, messages);
  return messages;
}

/** A language's messages when they have already loaded, so the first render need not wait a turn for them. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

async function importMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'zh-TW': return (await import('@/messages/zh-TW.json')).default;
    case 'en': return (await import('@/messages/en.json')).default;
    case 'fr': return (await import('@/messages/fr.json')).default;
    case 'ko': return (await import('@/messages/ko.json')).default;
    default: return (await import('@/messages/zh-CN.json')).default;
  }
}
