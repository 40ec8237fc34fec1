import { runInNewContext } from 'node:vm';

/** An element the script added to the page, as the recording page keeps it. */
export type Shown = { tag: string; src: string; className: string; innerHTML: string; attrs: Record<string, string>; children: Shown[] };
export type Head = { rel: string; as: string; href: string; attrs: Record<string, string> };
export type Page = {
  hash: string;
  /** sessionStorage's contents */
  stored?: Record<string, string | null>;
  /** The app has drawn a screen (a `<main>`) already. */
  appDrawn?: boolean;
  /** The API's reply to a call, by its path under /api/v1/. */
  replyOf?: (path: string) => unknown;
};

/**
 * For the tests of the page's early script (app/early-script.ts): runs it as the browser would, in its own global
 * scope, on a page whose body has been parsed and which records what the script asks of it: the calls it posts,
 * the links it adds to the head, the elements it adds to the body, and the replies it leaves for the app.
 */
export function runEarlyScript(script: string, { hash, stored = {}, appDrawn = false, replyOf = () => ({ status: 1, info: '', data: [] }) }: Page) {
  const calls: { url: string; fields: Record<string, string> }[] = [];
  const body: Shown[] = [];
  const head: Head[] = [];
  const win: Record<string, unknown> = {
    location: { hash },
    sessionStorage: { getItem: (key: string) => stored[key] ?? null },
    fetch: (url: string, init: { body: string }) => {
      calls.push({ url, fields: Object.fromEntries(new URLSearchParams(init.body)) });
      return Promise.resolve({ json: () => Promise.resolve(replyOf(url.split('/api/v1/')[1] ?? '')) });
    },
    addEventListener: () => undefined,
    document: {
      createElement: (tag: string) => {
        const attrs: Record<string, string> = {};
        const children: unknown[] = [];
        return {
          tag,
          rel: '',
          as: '',
          href: '',
          src: '',
          className: '',
          innerHTML: '',
          attrs,
          children,
          setAttribute: (k: string, v: string) => (attrs[k] = v),
          appendChild: (c: unknown) => children.push(c),
        };
      },
      querySelector: (selector: string) => (selector === 'main' && appDrawn ? {} : null),
      head: { appendChild: (link: Head) => head.push(link) },
      body: { appendChild: (node: Shown) => body.push(node) },
    },
  };
  win.window = win;
  runInNewContext(script, { ...win, URLSearchParams, JSON, Object, Math, Date, String, Array, Promise, Uint8Array, ArrayBuffer });
  return { calls, head, body, window: win };
}
