'use client';
import { useState } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
import { findRoute } from '@/lib/routes';
import { preloadScreen } from '@/screens/registry';
import { Providers } from './Providers';
import { RouteView } from './RouteView';
import { SideMenu } from './SideMenu';
import { StartPage } from './StartPage';

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

// The screen the app opens on starts loading with the shell instead of after the shell's first render.
preloadScreen(findRoute(window.location.hash.replace(/^#/, '').split('?')[0] || '/')?.screen ?? 'NotFound');

export default function Shell() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
