'use client';
import { Suspense, lazy, useState } from 'react';
import { Router } from 'wouter';
import { storedLocale } from '@/lib/i18n';
import { screenOfHash } from '@/lib/routes';
import { applyTheme, storedTheme } from '@/lib/theme';
import { Providers } from './Providers';
import { RouteView } from './RouteView';
import { StartPage } from './StartPage';
import { useHashLocation } from './hash-location';
import { prefetchPublicQuery } from '@/components/api/prefetch';
import { queryClient } from '@/components/api/query-client';
import { HOME_CONTENT } from '@/components/home/content';

// The side menu (with its language and theme pickers) loads on the first tap of the menu button.
const SideMenu = lazy(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })));

function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };
  return (
    <>
      <RouteView onOpenMenu={openMenu} />
      {menuLoaded && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      <StartPage />
    </>
  );
}

applyTheme(document.documentElement, storedTheme(window.localStorage));

// Index's public content is asked for (or taken from the page's early script) as the shell loads, not after
// its first render. The language's messages and the first screen started loading with the shell (app/page.tsx;
// LocaleProvider renders nothing until its messages are in).
const locale = storedLocale(window.sessionStorage);
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
