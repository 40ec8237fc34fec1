'use client';
import { useState } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
import { storedLocale } from '@/lib/i18n';
import { findRoute } from '@/lib/routes';
import { preloadScreen } from '@/screens/registry';
import { Providers } from './Providers';
import { RouteView } from './RouteView';
import { SideMenu } from './SideMenu';
import { StartPage } from './StartPage';
import { prefetchPublicContent } from './wallet/queries';
import { queryClient } from './wallet/query-client';

function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      <RouteView onOpenMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <StartPage />
    </>
  );
}

// Hash history: the whole app is one index.html that works from any static host or sub-path.
const router = createHashRouter([{ path: '*', element: <Layout /> }]);

// The screen the app opens on, and Index's public content, start loading with the shell instead of after
// the shell's first render.
const firstScreen = findRoute(window.location.hash.replace(/^#/, '').split('?')[0] || '/')?.screen ?? 'NotFound';
preloadScreen(firstScreen);
if (firstScreen === 'Index') prefetchPublicContent(queryClient, storedLocale(window.sessionStorage));

export default function Shell() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
