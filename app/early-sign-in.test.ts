import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignInCard } from '@/components/wallet/SignInCard';
import { type WalletApi, WalletContext } from '@/components/wallet/WalletContext';
import { EARLY_SIGN_IN_ATTRIBUTE } from '@/lib/early-replies';
import { LOCALES, type Locale } from '@/lib/i18n';
import { findRoute, routeOfHash } from '@/lib/routes';
import { SESSION_KEYS } from '@/lib/storage-keys';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import ko from '@/messages/ko.json';
import zhCN from '@/messages/zh-CN.json';
import zhTW from '@/messages/zh-TW.json';
import { EARLY_CONFIG, earlyRequestsScript } from './early-script';
import { runEarlyScript } from './run-early-script';

const MESSAGES: Record<Locale, typeof en> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, fr, ko };

/** The exported script on a page opened at `hash`, with a session or not, once the body has been parsed. */
function run(hash: string, { language = null, guid = null, appDrawn = false }: { language?: string | null; guid?: string | null; appDrawn?: boolean } = {}) {
  const stored = { [SESSION_KEYS.language]: language, [SESSION_KEYS.guid]: guid };
  return runEarlyScript(earlyRequestsScript({ ...EARLY_CONFIG, baseUrl: 'http://api.test/' }), { hash, stored, appDrawn }).body;
}

/** SignInCard as the app renders it, without the test ids and with its button disabled (as the copy's is: a wallet on another chain). */
function appCard(path: string, locale: Locale): string {
  const wallet: WalletApi = {
    status: 'wrong-chain',
    signedIn: false,
    signingIn: false,
    signInFailed: false,
    detecting: false,
    connect: () => undefined,
    signOut: () => undefined,
    loadStack: () => undefined,
    signMessage: () => Promise.reject(new Error('none')),
  };
  const card = createElement(SignInCard, { route: findRoute(path)! });
  const markup = renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale,
      timeZone: 'UTC',
      messages: MESSAGES[locale],
      children: createElement(WalletContext.Provider, { value: wallet, children: card }),
    }),
  );
  return markup.replace(/ (data-testid|data-route|aria-busy)="[^"]*"/g, '');
}

const HASHES = [
  '#/wallet',
  '#wallet',
  '#/wallet/',
  '#/wallet?tab=1',
  '#/pledge/record',
  '#/email/setting',
  '#/',
  '',
  '#/share',
  '#/notice',
  '#/wallets',
  '#/nowhere',
];

describe('the early sign-in card', () => {
  it.each(HASHES)('is drawn on %j exactly when lib/routes opens a member route there', (hash) => {
    expect(run(hash).length).toBe(routeOfHash(hash)?.session ? 1 : 0);
  });

  it('is not drawn when the tab has a session, or when the app has drawn its screen already', () => {
    expect(run('#/wallet', { guid: 'a-session' })).toEqual([]);
    expect(run('#/wallet', { appDrawn: true })).toEqual([]);
  });

  it.each(LOCALES)('is the card SignInCard renders, in %s, titled where the page shows its title', (locale) => {
    for (const path of ['/wallet', '/pledge/record']) {
      const [copy] = run(`#${path}`, { language: locale });
      expect(copy!.innerHTML).toBe(appCard(path, locale));
    }
    expect(appCard('/wallet', locale)).toContain('<h1');
    expect(appCard('/pledge/record', locale)).not.toContain('<h1');
  });

  it('is in the default language when none is stored, and marked for the app and hidden from assistive technology', () => {
    const [copy] = run('#/reward', { language: 'xx' });
    expect(copy!.innerHTML).toBe(appCard('/reward', 'zh-CN'));
    expect(copy!.tag).toBe('early-sign-in');
    expect(copy!.attrs).toEqual({ [EARLY_SIGN_IN_ATTRIBUTE]: '', 'aria-hidden': 'true' });
  });
});
