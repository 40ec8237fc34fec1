/**
 * The app's side of the page's early script (app/early-requests.ts, app/early-sign-in.ts): the names the early
 * script and the app share, and the app taking a reply, the early banner or the sign-in card's copy over.
 */

/** The global the early script leaves its replies under, for the app to take once. */
export const EARLY_GLOBAL = '__wldEarlyReplies';
/** Marks the first banner the early script shows before the app has loaded (see earlyBoot). */
export const EARLY_BANNER_ATTRIBUTE = 'data-early-banner';
/** Marks the copy of the sign-in card the early script shows on a member route (app/early-sign-in.ts). */
export const EARLY_SIGN_IN_ATTRIBUTE = 'data-early-sign-in';

/** What the early script leaves on the window: take(path, input, language) hands a reply over once. */
export type EarlyReplies = { take: (path: string, input: Record<string, string>, language: string) => Promise<unknown> | undefined };

/** Removes the early script's copy of the first banner once the app's own carousel is on screen. */
export function removeEarlyBanner() {
  document.querySelector(`[${EARLY_BANNER_ATTRIBUTE}]`)?.remove();
}

/** Removes the early script's copy of the sign-in card once the app's own card is in the page. */
export function removeEarlySignIn() {
  document.querySelector(`[${EARLY_SIGN_IN_ATTRIBUTE}]`)?.remove();
}

/** The early reply of a public call for this language, at most once; undefined when the early script made none. */
export function takeEarlyReply(path: string, input: Record<string, string>, language: string): Promise<unknown> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as unknown as Record<string, EarlyReplies | undefined>)[EARLY_GLOBAL];
  return early?.take(path, input, language);
}
