import sanitizeHtml from 'sanitize-html';

/**
 * Operator rich text (the agreement, notice bodies) and banner links are cleaned on the server, on write and
 * again on read (rows written before this existed): the app's DOMPurify (components/SafeHtml) is a second
 * fence, not the only one. sanitize-html parses with htmlparser2 and needs no DOM emulation.
 */

const URL_ATTRIBUTES = new Set(['href', 'src']);

const OPTIONS = {
  // sanitize-html's allowlist of text and layout elements (p, b, ol, li, h1–h6, table, …) plus images.
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Links and image sources: http(s) or a path on the app's own host; never javascript:, data:, //host.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
} satisfies sanitizeHtml.IOptions;

// What browsers ignore inside a scheme (`java\tscript:`), dropped before the scheme is read, as sanitize-html does.
// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u0020\u007f]+/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f\\]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A link or image source the app may use: http(s), or relative to the app (a path, `#/route`). */
function allowedUrl(value: string): boolean {
  const url = value.replace(IGNORED, '');
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme) return scheme === 'http' || scheme === 'https';
  return !/^[/\\]{2}/.test(url);
}

export type CleanHtml = { html: string; removed: string[] };

/** The HTML with only allowed elements, attributes and URLs left, and a list of what was taken out. */
export function cleanHtml(html: string): CleanHtml {
  const removed = new Set<string>();
  const allowedAttributes: Record<string, readonly string[]> = OPTIONS.allowedAttributes;
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (tag, attributes) => {
      if (!OPTIONS.allowedTags.includes(tag)) {
        removed.add(`<${tag}>`);
        return;
      }
      for (const [name, value] of Object.entries(attributes)) {
        if (!(allowedAttributes[tag] ?? []).includes(name)) removed.add(`${name} on <${tag}>`);
        else if (URL_ATTRIBUTES.has(name) && !allowedUrl(value)) removed.add(`${name}="${value.slice(0, 40)}" on <${tag}>`);
      }
    },
  });
  return { html: clean.trim(), removed: [...removed] };
}

/** The HTML as it may be served (for rows stored before cleaning on write). */
export const servedHtml = (html: string) => cleanHtml(html).html;

/**
 * A banner image or link as written by an operator: refused (null) unless http(s) or a relative path, with no
 * whitespace, control characters or backslashes in it (those are how schemes are smuggled past a check).
 */
export function safeUrl(value: string): string | null {
  const url = value.trim();
  if (UNSAFE_CHARACTER.test(url) || !allowedUrl(url)) return null;
  return SCHEME.test(url) && !URL.canParse(url) ? null : url;
}
