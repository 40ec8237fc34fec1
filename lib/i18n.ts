import { DEFAULT_LOCALE, LANGUAGE_KEYS, type Locale, isLocale } from './languages';

export { API_LANGUAGE, DEFAULT_LOCALE, LOCALES, LOCALE_LABELS, isLocale, type ApiLanguage, type Locale } from './languages';

type Readable = Pick<Storage, 'getItem'> | undefined;

/** This visit's language (the spec's sessionStorage key), else the one chosen on an earlier visit, else the default. */
export function storedLocale(session: Readable, local: Readable): Locale {
  const value = readKey(session, LANGUAGE_KEYS.session);
  if (isLocale(value)) return value;
  const remembered = readKey(local, LANGUAGE_KEYS.local);
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
  session.setItem(LANGUAGE_KEYS.session, locale);
  try {
    local.setItem(LANGUAGE_KEYS.local, locale);
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
    case 'zh-TW':
      return (await import('@/messages/zh-TW.json')).default;
    case 'en':
      return (await import('@/messages/en.json')).default;
    case 'fr':
      return (await import('@/messages/fr.json')).default;
    case 'ko':
      return (await import('@/messages/ko.json')).default;
    default:
      return (await import('@/messages/zh-CN.json')).default;
  }
}
