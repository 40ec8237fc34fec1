import en from '../messages/en.json';
import zhCN from '../messages/zh-CN.json';

/** The console's languages: Simplified Chinese first (the default), English. */
export const CONSOLE_LOCALES = ['zh-CN', 'en'] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];
export const CONSOLE_MESSAGES: Record<ConsoleLocale, typeof zhCN> = { 'zh-CN': zhCN, en };
export const LOCALE_NAMES: Record<ConsoleLocale, string> = { 'zh-CN': '简体中文', en: 'English' };

const KEY = 'console.language';

export function storedConsoleLocale(): ConsoleLocale {
  const value = typeof window === 'undefined' ? null : window.localStorage.getItem(KEY);
  return value === 'en' || value === 'zh-CN' ? value : 'zh-CN';
}

export function storeConsoleLocale(locale: ConsoleLocale) {
  window.localStorage.setItem(KEY, locale);
}
