'use client';
import { useSyncExternalStore } from 'react';
import { routeOfHash } from '@/lib/routes';

// The app's own navigations fire hashchange too (shell/hash-location.ts navigateHash): leaving /manager through
// the menu must end the skip, or the next screen stayed signed out until a reload.
const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
};

/**
 * Whether the current route skips the user-existence check (spec section 2: /manager). The wallet session
 * sits above the router, so it follows the location hash itself.
 */
export function useSkipsUserCheck(): boolean {
  return useSyncExternalStore(subscribe, () => routeOfHash(window.location.hash)?.skipUserCheck ?? false);
}
