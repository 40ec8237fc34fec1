import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOME_CONTENT } from '@/components/home/content';
import { endpoints } from '@/lib/api/contract';
import { EARLY_BANNER_ATTRIBUTE, EARLY_GLOBAL, EARLY_SIGN_IN_ATTRIBUTE } from '@/lib/early-replies';
import { ZERO_ADDRESS, env } from '@/lib/env';
import { API_LANGUAGE, DEFAULT_LOCALE, LOCALES } from '@/lib/i18n';
import { ROUTES } from '@/lib/routes';
import { LANGUAGE_KEYS } from '@/lib/languages';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { type EarlyConfig, earlyBoot } from './early-requests';
import { type EarlySignInConfig, earlySignIn, earlySignInConfig } from './early-sign-in';
import { inlineJson } from './inline-json';

/** Home's public calls for the early script, as the shell prefetches them (components/home/content.ts). */
export const EARLY_CONFIG: EarlyConfig = {
  baseUrl: env.apiBaseUrl,
  apiKey: env.apiKey,
  address: ZERO_ADDRESS,
  languages: API_LANGUAGE,
  languageKey: LANGUAGE_KEYS.session,
  rememberedLanguageKey: LANGUAGE_KEYS.local,
  defaultLocale: DEFAULT_LOCALE,
  calls: Object.values(HOME_CONTENT).map(({ endpoint, input }) => ({ path: endpoint.path, input: { ...input } })),
  bannerPath: endpoints.getSwap.path,
  bannerAttribute: EARLY_BANNER_ATTRIBUTE,
  globalName: EARLY_GLOBAL,
};

/** The sign-in card's copy for member routes (app/early-sign-in.ts), in every language, from the message files. */
export const EARLY_SIGN_IN_CONFIG: EarlySignInConfig = earlySignInConfig(
  Object.fromEntries(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(process.cwd(), `messages/${locale}.json`), 'utf8'))])),
  ROUTES,
  SESSION_KEYS.guid,
  EARLY_SIGN_IN_ATTRIBUTE,
);

/**
 * The inline script of the HTML head that starts Home's public calls (app/early-requests.ts), or draws a member
 * route's sign-in card (app/early-sign-in.ts): spark-md5, the library lib/envelope.ts signs with, in a private
 * scope, then earlyBoot with this build's config. Built when the page is exported (a server module: it reads
 * spark-md5's file and the message files).
 */
export function earlyRequestsScript(config: EarlyConfig = EARLY_CONFIG, signIn: EarlySignInConfig = EARLY_SIGN_IN_CONFIG): string {
  const md5Source = readFileSync(join(process.cwd(), 'node_modules/spark-md5/spark-md5.min.js'), 'utf8');
  const elsewhere = `function(path,locale){(${earlySignIn.toString()})(${inlineJson(signIn)},path,locale,window)}`;
  return `(function(){var module={exports:{}},exports=module.exports;${md5Source}\n;(${earlyBoot.toString()})(${inlineJson(config)},function(s){return module.exports.hash(s)},window,${elsewhere})})()`;
}
