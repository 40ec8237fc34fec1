'use client';
import { useState } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
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

export default function Shell() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
