'use client';
import { useSyncExternalStore } from 'react';
import { routeOfHash } from '@/lib/routes';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * Whether the current route skips the user-existence check (spec section 2: /manager). The wallet session
 * sits above the router, so it follows the location hash itself.
 */
export function useSkipsUserCheck(): boolean {
  return useSyncExternalStore(subscribe, () => routeOfHash(window.location.hash)?.skipUserCheck ?? false);
}
