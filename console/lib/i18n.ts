import en from '../messages/en.json';
import zhCN from '../messages/zh-CN.json';
import { type ConsoleLocale, LANGUAGE_KEYS, LOCALE_LABELS } from '../../lib/languages';

export { CONSOLE_LOCALES, type ConsoleLocale } from '../../lib/languages';
export const CONSOLE_MESSAGES: Record<ConsoleLocale, typeof zhCN> = { 'zh-CN': zhCN, en };
export const LOCALE_NAMES: Record<ConsoleLocale, string> = { 'zh-CN': LOCALE_LABELS['zh-CN'], en: LOCALE_LABELS.en };

const KEY = LANGUAGE_KEYS.console;

export function storedConsoleLocale(): ConsoleLocale {
  const value = typeof window === 'undefined' ? null : window.localStorage.getItem(KEY);
  return value === 'en' || value === 'zh-CN' ? value : 'zh-CN';
}

export function storeConsoleLocale(locale: ConsoleLocale) {
  window.localStorage.setItem(KEY, locale);
}
