import { splitHash } from '../routes';
import { LOCAL_KEYS } from '../storage-keys';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The referrer an invite link's query (`intro=0x…`) carries, as the link wrote it, when it has an address's shape
 * (0x and 40 hex digits). Its checksum is checked where it is used (`storedIntro`, lib/auth/inviter.ts): that
 * check needs viem, which the first screen does without.
 */
export function introOfSearch(search: string): string | null {
  const intro = new URLSearchParams(search).get('intro')?.trim() ?? '';
  return HEX_ADDRESS.test(intro) ? intro : null;
}

/**
 * Keeps an invite link's referrer (`#/?intro=0x…`) for registration the moment the page sees the link: as the
 * page starts (app/page.tsx, before React renders anything) and on every later hash change. Synchronous and
 * outside React, so it is stored before anything can read it, however the first render is scheduled and even
 * when the visitor leaves the page at once.
 */
export function keepInviteLinks(win: Pick<Window, 'location' | 'localStorage' | 'addEventListener'>): void {
  const keep = () => {
    const intro = introOfSearch(splitHash(win.location.hash)[1]);
    try {
      if (intro) win.localStorage.setItem(LOCAL_KEYS.intro, intro);
    } catch {
      // Storage refused (private mode, quota): the inviter field starts empty, as without a link.
    }
  };
  keep();
  win.addEventListener('hashchange', keep);
}
