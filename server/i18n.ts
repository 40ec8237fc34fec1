import { createTranslator } from 'use-intl/core';
import { type ApiLanguage, LOCALE_OF } from '../lib/languages';
import en from './messages/en.json';
import fr from './messages/fr.json';
import ko from './messages/ko.json';
import zhCN from './messages/zh-CN.json';
import zhTW from './messages/zh-TW.json';

export type MessageKey = keyof typeof en;

/**
 * Server reply texts in the five API languages, one file per locale as the app's messages are (server/messages/);
 * business errors are keys, localised once at the edge. Each file has every key of en.json (server/test/i18n.test.ts).
 */
export const MESSAGES: Record<ApiLanguage, Record<MessageKey, string>> = {
  zh: zhCN,
  cht: zhTW,
  en,
  fra: fr,
  kor: ko,
};

/** A text to word in the request's language: a key and its values. */
export type Wording = { key: MessageKey; params: Record<string, string> };

/** An ICU argument with a format (`{days, plural, one {# day} other {# days}}`), as the app's messages write it. */
const ICU_ARGUMENT = /\{\s*\w+\s*,\s*(plural|select|selectordinal|number)\b/;

/**
 * The text of `key` in `language` with its values. A text with an ICU plural (or select) is formatted by ICU rules
 * through use-intl, as next-intl formats the app's messages (so 'Stake 100 WLD for 1 day', never '1 days'); the
 * others are plain `{name}` substitution.
 */
export function translate(key: MessageKey, language: ApiLanguage, params: Record<string, string> = {}): string {
  const text: string = MESSAGES[language][key];
  if (!ICU_ARGUMENT.test(text)) return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  // A plural or select chooses by a number: those arguments go in as numbers, the rest as the strings they are.
  const counted = new Set([...text.matchAll(/\{\s*(\w+)\s*,\s*(?:plural|selectordinal)\b/g)].map((m) => m[1]));
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, counted.has(name) ? Number(value) : value]));
  return icuFormat(key, language, text)(values);
}

type IcuFormat = (values: Record<string, string | number>) => string;
const icuFormats = new Map<string, IcuFormat>();

/**
 * One translator per text and language, kept: a translator parses its message and builds its formatters on first
 * use and caches them, so making one per call parsed the signed staking text on every getNonce (about twice the
 * server's CPU per signed write in bench:api).
 */
function icuFormat(key: MessageKey, language: ApiLanguage, text: string): IcuFormat {
  const id = `${key}:${language}`;
  let format = icuFormats.get(id);
  if (!format) {
    const translator = createTranslator({ locale: LOCALE_OF[language], messages: { text } });
    format = (values) => translator('text', values);
    icuFormats.set(id, format);
  }
  return format;
}

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

/** Whether `text` is a message key (a schema's failure message may be one, lib/console-api/inputs.ts). */
export const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(en, text);
