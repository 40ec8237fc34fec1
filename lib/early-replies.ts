/**
 * The app's side of the page's early requests (app/early-requests.ts): the names the early script and the app
 * share, and the app taking a reply or the early banner over.
 */

/** The global the early script leaves its replies under, for the app to take once. */
export const EARLY_GLOBAL = '__wldEarlyReplies';
/** Marks the first banner the early script shows before the app has loaded (see earlyBoot). */
export const EARLY_BANNER_ATTRIBUTE = 'data-early-banner';

/** What the early script leaves on the window: take(path, input, language) hands a reply over once. */
export type EarlyReplies = { take: (path: string, input: Record<string, string>, language: string) => Promise<unknown> | undefined };

/** Removes the early script's copy of the first banner once the app's own carousel is on screen. */
export function removeEarlyBanner() {
  document.querySelector(`[${EARLY_BANNER_ATTRIBUTE}]`)?.remove();
}

/** The early reply of a public call for this language, at most once; undefined when the early script made none. */
export function takeEarlyReply(path: string, input: Record<string, string>, language: string): Promise<unknown> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as unknown as Record<string, EarlyReplies | undefined>)[EARLY_GLOBAL];
  return early?.take(path, input, language);
}
