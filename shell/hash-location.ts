import { useSyncExternalStore } from 'react';
import { splitHash } from '@/lib/routes';

/**
 * wouter's location for the app's hash routes (`#/share?x=1`): the path and the query both live in the hash,
 * so one index.html works from any static host or sub-path. wouter's own hash location would move the
 * query out of the hash (`?x=1#/share`); this one keeps it where the invite link (`#/?intro=0x…`) puts it.
 * Every entry the app pushes carries its position (`history.state.idx`, counted from the first screen) so
 * the back button knows whether there is an app screen to go back to.
 */
type HashState = { idx?: number } | null;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('popstate', notify);
    window.addEventListener('hashchange', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', notify);
      window.removeEventListener('hashchange', notify);
    }
  };
}

const currentPath = () => splitHash(window.location.hash)[0];
const currentSearch = () => splitHash(window.location.hash)[1];
const position = () => (window.history.state as HashState)?.idx ?? 0;

/**
 * Goes to `to` (a path with an optional query) inside the hash, as a new history entry unless `replace`. The
 * History API fires no `hashchange`, so this fires one: whatever follows the hash outside the router (the wallet
 * session's /manager skip-check) then sees the app's own navigations too, not only typed and back/forward ones.
 */
export function navigateHash(to: string, options: { replace?: boolean } = {}) {
  const oldURL = window.location.href;
  const url = `${window.location.pathname}${window.location.search}#${to}`;
  if (options.replace) window.history.replaceState({ idx: position() }, '', url);
  else window.history.pushState({ idx: position() + 1 }, '', url);
  notify();
  if (window.location.href !== oldURL) window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
}

/**
 * An entry for an overlay (the side menu) on top of the current screen, at the same URL: the phone's back button
 * then closes the overlay (its `popstate`) instead of changing the screen underneath.
 */
export function pushOverlayEntry() {
  window.history.pushState({ idx: position() + 1, overlay: true }, '', window.location.href);
}

/** True when the current screen was reached from another screen of this app (the back button goes there). */
export const canGoBack = () => position() > 0;

/** The location hook for wouter's `<Router hook={useHashLocation}>`: the path inside the hash and navigateHash. */
export function useHashLocation(): [string, typeof navigateHash] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigateHash];
}
/** `<Link to="/share">` renders `href="#/share"`. */
useHashLocation.hrefs = (href: string) => `#${href}`;
/** wouter's useSearch and useSearchParams read the query inside the hash. */
useHashLocation.searchHook = function useHashSearch() {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
};
