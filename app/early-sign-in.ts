import { escapeHtml } from '@/lib/html-escape';

/**
 * A member's route opened with no session in the tab shows the sign-in card (components/wallet/SignInCard.tsx)
 * as its first screen. The page's early script (app/early-script.ts) draws a copy of that card as soon as the
 * HTML is parsed, in the stored language, where the app will draw it, instead of leaving the shell's empty frame
 * until the app's JavaScript has loaded and run. Not interactive: its button is disabled until the app's card
 * replaces it (SignInCard removes the copy as it mounts). app/early-sign-in.test.ts checks the copy against
 * the card the app renders, language by language.
 */
export type EarlySignInConfig = {
  /** The session key whose presence means a session in this tab: the app may show the screen itself then. */
  sessionKey: string;
  /** Marks the copy, for SignInCard to remove. */
  attribute: string;
  /** The member routes' paths (route meta `session`). */
  paths: string[];
  /** The card's markup, with `{title}` where a page that shows its title in the body has it (`title`'s markup). */
  card: string;
  title: string;
  /**
   * Per locale, the texts for the markup's `{heading}`, `{body}` and `{connect}`, and the titles of the member routes
   * that show theirs in the body (not back pages), each HTML-escaped.
   */
  texts: Record<string, EarlySignInTexts>;
};
type EarlySignInTexts = { heading: string; body: string; connect: string; titles: Record<string, string> };

/**
 * The early script's part for member routes, given the route's path and the locale the script chose. It is
 * serialized with Function.prototype.toString into the HTML, so it must stay self-contained: no imports, no
 * outer names, only its parameters and browser globals.
 */
export function earlySignIn(cfg: EarlySignInConfig, path: string, locale: string, win: Window & typeof globalThis): void {
  try {
    const texts = cfg.texts[locale];
    if (!texts || cfg.paths.indexOf(path) < 0) return;
    let session: string | null = null;
    try {
      session = win.sessionStorage.getItem(cfg.sessionKey);
    } catch {
      session = null;
    }
    if (session) return;
    const doc = win.document;
    const show = () => {
      // The app's own screen is up already (it got there first): nothing to stand in for.
      if (!doc.body || doc.querySelector('main')) return;
      // Not a div, for the reason the early banner is not (app/early-requests.ts): hydration skips it.
      const copy = doc.createElement('early-sign-in');
      copy.setAttribute(cfg.attribute, '');
      copy.setAttribute('aria-hidden', 'true');
      // Under the 56 px header, as the app's screen is.
      copy.className = 'pointer-events-none absolute inset-x-0 top-14 z-30';
      const fill = (markup: string, fields: Record<string, string>) =>
        Object.keys(fields).reduce((filled, name) => filled.split('{' + name + '}').join(fields[name]), markup);
      const title = Object.prototype.hasOwnProperty.call(texts.titles, path) ? fill(cfg.title, { text: texts.titles[path] ?? '' }) : '';
      copy.innerHTML = fill(cfg.card, { title, heading: texts.heading, body: texts.body, connect: texts.connect });
      doc.body.appendChild(copy);
      win.addEventListener('hashchange', () => copy.remove(), { once: true });
    };
    if (doc.body) show();
    else doc.addEventListener('DOMContentLoaded', show, { once: true });
  } catch {
    // The app draws its own card when this did not run.
  }
}

type Messages = { [key: string]: string | Messages };
/** A message by its dotted key, as written in messages/<locale>.json (the card's texts take no arguments). */
function text(messages: Messages, key: string): string {
  const value = key.split('.').reduce<string | Messages | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), messages);
  if (typeof value !== 'string') throw new Error(`early sign-in card: no message ${key}`);
  return value;
}

/**
 * The card's markup as SignInCard renders it (ScreenFrame, EmptyState and the connect button, disabled), without
 * its test ids: `{title}` for ScreenFrame's title, `{heading}`, `{body}` and `{connect}` for the texts.
 */
const CARD =
  '<main class="mx-auto max-w-app px-4 pb-16 pt-2">{title}<div>' +
  '<div class="flex flex-col items-center rounded-2xl bg-ink-card/60 px-6 py-12 text-center ring-1 ring-ink-line">' +
  '<svg viewBox="0 0 48 48" class="mb-4 h-12 w-12 text-haze/60" fill="none" stroke="currentColor" stroke-width="2"><rect x="8" y="12" width="32" height="26" rx="4"></rect><path d="M8 20h32M18 28h12"></path></svg>' +
  '<p class="text-sm font-semibold text-fg">{heading}</p><p class="mt-1 text-xs text-haze">{body}</p>' +
  '<button disabled="" class="mt-4 flex items-center gap-2 rounded-xl bg-gold px-6 py-2 text-sm font-semibold text-on-gold disabled:opacity-80">{connect}</button>' +
  '</div></div></main>';
const TITLE = '<h1 class="mb-4 text-xl font-bold text-fg">{text}</h1>';

/** The early copy's config from each locale's messages and the member routes (lib/routes.ts, meta `session`). */
export function earlySignInConfig(
  messagesByLocale: Record<string, Messages>,
  routes: readonly { path: string; title: string; back: boolean; session: boolean }[],
  sessionKey: string,
  attribute: string,
): EarlySignInConfig {
  const members = routes.filter((r) => r.session);
  const texts: Record<string, EarlySignInTexts> = {};
  for (const [locale, messages] of Object.entries(messagesByLocale)) {
    const escaped = (key: string) => escapeHtml(text(messages, key));
    texts[locale] = {
      heading: escaped('menu.notSignedIn'),
      body: escaped('signedOut.body'),
      connect: escaped('header.connectWallet'),
      titles: Object.fromEntries(members.filter((r) => !r.back).map((r) => [r.path, escaped(r.title)])),
    };
  }
  return { sessionKey, attribute, paths: members.map((r) => r.path), card: CARD, title: TITLE, texts };
}
