import { LOCAL_KEYS, SESSION_KEYS } from './storage-keys';

// The one language list (spec section 9): the app's locales with their API codes and names, the console's share of
// them, and the storage keys that keep a choice. The app, the console, the server and the scripts import it from here.

/** UI locales (message files) and the API language codes of spec section 9. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en', 'fr', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const API_LANGUAGE = {
  'zh-CN': 'zh',
  'zh-TW': 'cht',
  en: 'en',
  fr: 'fra',
  ko: 'kor',
} as const satisfies Record<Locale, string>;
export type ApiLanguage = (typeof API_LANGUAGE)[Locale];
/** The API language codes in the order of LOCALES (zh first, the one content language required). */
export const API_LANGUAGES = LOCALES.map((locale) => API_LANGUAGE[locale]) as [ApiLanguage, ...ApiLanguage[]];
/** The UI locale of each API language code. */
export const LOCALE_OF = Object.fromEntries(LOCALES.map((locale) => [API_LANGUAGE[locale], locale])) as Record<ApiLanguage, Locale>;

/** Each language named in itself, for the pickers. */
export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  fr: 'Français',
  ko: '한국어',
};

/** Where a choice is kept: the spec's sessionStorage key for this visit, localStorage for the next ones. */
export const LANGUAGE_KEYS = { session: SESSION_KEYS.language, local: LOCAL_KEYS.language, console: 'console.language' } as const;

/** The console's languages, a part of the app's: Simplified Chinese first (the default), English. */
export const CONSOLE_LOCALES = ['zh-CN', 'en'] as const satisfies readonly Locale[];
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
