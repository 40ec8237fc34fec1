'use client';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Router } from 'wouter';
import { storedLocale } from '@/lib/i18n';
import { screenOfHash } from '@/lib/routes';
import { applyTheme, storedTheme } from '@/lib/theme';
import { Providers } from './Providers';
import { RouteView } from './RouteView';
import { StartPage } from './StartPage';
import { navigateHash, pushOverlayEntry, useHashLocation } from './hash-location';
import { sideMenu } from './side-menu';
import { prefetchPublicQuery } from '@/components/api/prefetch';
import { queryClient } from '@/components/api/query-client';
import { HOME_CONTENT } from '@/components/home/content';

/**
 * The side menu as a history entry of its own (at the same URL): the phone's back button closes it and leaves the
 * screen underneath as it was; closing it otherwise takes that entry back off, and leaving through one of its
 * entries replaces it with the new screen, so history holds the screens only.
 */
function useMenuInHistory() {
  const [open, setOpen] = useState(false);
  const onTop = useRef(false);
  useEffect(() => {
    const onBack = () => {
      if (!onTop.current) return;
      onTop.current = false;
      setOpen(false);
    };
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, []);
  const openMenu = useCallback(() => {
    if (!onTop.current) pushOverlayEntry();
    onTop.current = true;
    setOpen(true);
  }, []);
  const closeMenu = useCallback(() => {
    setOpen(false);
    if (!onTop.current) return;
    onTop.current = false;
    window.history.back();
  }, []);
  const leaveMenu = useCallback((to: string) => {
    setOpen(false);
    navigateHash(to, { replace: onTop.current });
    onTop.current = false;
  }, []);
  return { open, openMenu, closeMenu, leaveMenu };
}

const ScreenView = memo(RouteView);

function Layout() {
  const menu = useMenuInHistory();
  // The side menu (with its language and theme pickers) loads on the first press of the menu button, and opens
  // once it is in (shell/side-menu.ts).
  // RouteView is memoised with a stable opener: opening or closing the menu does not render the screen again.
  const { openMenu: open } = menu;
  const openMenu = useCallback(() => void sideMenu.load().then(open), [open]);
  const SideMenu = sideMenu.current;
  return (
    <>
      <ScreenView onOpenMenu={openMenu} />
      {SideMenu && <SideMenu open={menu.open} onClose={menu.closeMenu} onLeave={menu.leaveMenu} />}
      <StartPage />
    </>
  );
}

applyTheme(document.documentElement, storedTheme(window.localStorage));

// Index's public content is asked for (or taken from the page's early script) as the shell loads, not after
// its first render. The language's messages and the first screen started loading with the shell (app/page.tsx;
// LocaleProvider renders nothing until its messages are in).
const locale = storedLocale(window.sessionStorage, window.localStorage);
if (screenOfHash(window.location.hash) === 'Index') {
  for (const { endpoint, input } of Object.values(HOME_CONTENT)) prefetchPublicQuery(queryClient, endpoint, input, locale);
}

export default function Shell() {
  return (
    <Providers>
      {/* Hash history: the whole app is one index.html that works from any static host or sub-path. */}
      <Router hook={useHashLocation}>
        <Layout />
      </Router>
    </Providers>
  );
}
