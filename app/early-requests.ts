// Mirrors lib/envelope.ts (the sorted-JSON md5 sign) and lib/routes.ts (splitHash, then findRoute('/')) without importing them: app/early-requests.test.ts checks that they agree.
/**
 * Home's public calls, started by a small script in the exported HTML's head (app/early-script.ts) while the
 * browser is still fetching the app's JavaScript, instead of after the shell has loaded and run: the first
 * banner's image is preloaded as soon as getSwap answers, and the shell's prefetch (components/api/prefetch.ts)
 * takes each reply instead of calling again (lib/early-replies.ts). The request is the app's own envelope
 * (lib/api/client.ts: buildRequest, lib/envelope.ts: the sorted-JSON md5 sign), built here without viem or the bundle.
 */
import type { EarlyReplies } from '@/lib/early-replies';

export type EarlyCall = { path: string; input: Record<string, string> };

export type EarlyConfig = {
  baseUrl: string;
  apiKey: string;
  /** The envelope's address before any wallet is known (the zero address, checksummed as it stays). */
  address: string;
  /** UI locale → API language, the session key that holds the chosen locale, the local key that remembers it across visits, and the default locale. */
  languages: Record<string, string>;
  languageKey: string;
  rememberedLanguageKey: string;
  defaultLocale: string;
  calls: EarlyCall[];
  /** The call whose first item's `img_path` is Home's largest image. */
  bannerPath: string;
  /** The attribute that marks the early copy of the first banner, for the carousel to remove. */
  bannerAttribute: string;
  globalName: string;
};

/**
 * The early script's body. It is serialized with Function.prototype.toString into the HTML, so it must stay
 * self-contained: no imports, no outer names, only its parameters and browser globals. It calls only when the
 * page opens on Home (the same test as lib/routes.ts: splitHash then findRoute('/')); another route's path (the
 * same normalisation as findRoute) and the locale go to `elsewhere` (app/early-sign-in.ts).
 */
export function earlyBoot(
  cfg: EarlyConfig,
  md5: (text: string) => string,
  win: Window & typeof globalThis,
  elsewhere: (path: string, locale: string) => void = () => undefined,
): void {
  try {
    const body = win.location.hash.replace(/^#/, '');
    const at = body.indexOf('?');
    const raw = '/' + (at < 0 ? body : body.slice(0, at)).replace(/^\//, '');
    const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
    let stored: string | null = null;
    try {
      stored = win.sessionStorage.getItem(cfg.languageKey) ?? win.localStorage.getItem(cfg.rememberedLanguageKey);
    } catch {
      stored = null;
    }
    const locale = stored !== null && Object.prototype.hasOwnProperty.call(cfg.languages, stored) ? stored : cfg.defaultLocale;
    if (path !== '/') {
      elsewhere(path, locale);
      return;
    }
    const language = cfg.languages[locale];
    if (!language) return;
    const keyOf = (callPath: string, input: Record<string, string>, lang: string) =>
      callPath +
      '|' +
      lang +
      '|' +
      JSON.stringify(
        Object.keys(input)
          .sort()
          .map((k) => [k, String(input[k])]),
      );
    const replies: Record<string, Promise<unknown>> = {};
    for (const call of cfg.calls) {
      const fields: Record<string, string> = { ...call.input, ust: String(Math.floor(Date.now() / 1000)), language, address: cfg.address };
      const sorted: Record<string, string> = {};
      for (const k of Object.keys(fields).sort()) sorted[k] = String(fields[k]);
      fields.sign = md5(JSON.stringify(sorted) + cfg.apiKey);
      const reply = win
        .fetch(cfg.baseUrl.replace(/\/$/, '') + '/api/v1/' + call.path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        })
        .then((res) => res.json().catch(() => ({})));
      // Nobody may take it (another language chosen meanwhile): an unhandled rejection would be noise.
      reply.catch(() => undefined);
      replies[keyOf(call.path, call.input, language)] = reply;
      if (call.path === cfg.bannerPath) {
        reply.then(
          (r: { status?: unknown; data?: unknown }) => {
            const first = r && r.status === 1 && Array.isArray(r.data) ? (r.data[0] as { img_path?: unknown } | undefined) : undefined;
            if (!first || typeof first.img_path !== 'string' || !first.img_path) return;
            const src = first.img_path;
            const doc = win.document;
            const link = doc.createElement('link');
            link.rel = 'preload';
            link.as = 'image';
            link.href = src;
            link.setAttribute('fetchpriority', 'high');
            doc.head.appendChild(link);
            // The same image where Home's carousel will show it (under the 56 px header, 8 px down, in the
            // app's column), until the carousel takes over (BannerCarousel removes it). Not interactive.
            const show = () => {
              if (!doc.body || win.location.hash.replace(/^#\/?/, '').split('?')[0] !== '') return;
              // Not a div: shown while the parser is still in the body, the frame sits before the app's markup, and
              // React's hydration takes a body's child of the app's first element's tag for it (error #418). It
              // skips a child of another tag.
              const frame = doc.createElement('early-banner');
              frame.setAttribute(cfg.bannerAttribute, '');
              frame.setAttribute('aria-hidden', 'true');
              frame.className = 'pointer-events-none absolute inset-x-0 top-16 z-30';
              const column = doc.createElement('div');
              column.className = 'mx-auto max-w-app px-4';
              const clip = doc.createElement('div');
              clip.className = 'overflow-hidden rounded-2xl ring-1 ring-ink-line';
              const img = doc.createElement('img');
              img.alt = '';
              img.width = 380;
              img.height = 160;
              img.setAttribute('fetchpriority', 'high');
              img.className = 'h-[160px] w-full object-cover';
              img.src = src;
              clip.appendChild(img);
              column.appendChild(clip);
              frame.appendChild(column);
              doc.body.appendChild(frame);
              win.addEventListener('hashchange', () => frame.remove(), { once: true });
            };
            if (doc.body) show();
            else doc.addEventListener('DOMContentLoaded', show, { once: true });
          },
          () => undefined,
        );
      }
    }
    const shared: EarlyReplies = {
      take(callPath, input, lang) {
        const key = keyOf(callPath, input, lang);
        const reply = replies[key];
        delete replies[key];
        return reply;
      },
    };
    (win as unknown as Record<string, unknown>)[cfg.globalName] = shared;
  } catch {
    // The app makes every call itself when this did not run.
  }
}
