'use client';
import { Activity, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { type RouteEntry, findRoute, notFoundTarget } from '@/lib/routes';
import { SignInCard } from '@/components/wallet/SignInCard';
import { useWallet } from '@/components/wallet/WalletContext';
import { SCREENS } from '@/screens/registry';
import { Header } from './Header';

/**
 * Renders the current route's screen under its header. Keep-alive screens stay mounted inside
 * <Activity mode="hidden"> once visited, so their state and inputs survive; their scroll position is
 * remembered here because the window scroll is shared by every screen. A route that needs a session
 * (route meta) shows the sign-in card instead of its screen until there is one.
 */
export function RouteView({ onOpenMenu }: { onOpenMenu: () => void }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const route = findRoute(pathname);
  const [kept, setKept] = useState<RouteEntry[]>([]);
  const scrollByPath = useRef(new Map<string, number>());
  const previous = useRef<string | undefined>(undefined);

  if (route?.keepAlive && !kept.includes(route)) setKept([...kept, route]);

  useLayoutEffect(() => {
    if (!route) return;
    if (previous.current && previous.current !== route.path) {
      window.scrollTo(0, route.keepAlive ? (scrollByPath.current.get(route.path) ?? 0) : 0);
    }
    previous.current = route.path;
    const remember = () => scrollByPath.current.set(route.path, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [route]);

  if (!route) return <Redirect replace to={notFoundTarget(pathname, search)} />;

  return (
    <>
      <Header route={route} onOpenMenu={onOpenMenu} />
      <Suspense fallback={<ScreenLoading />}>
        {kept.map((k) => (
          <Activity key={k.path} mode={k === route ? 'visible' : 'hidden'}>
            <RouteScreen route={k} />
          </Activity>
        ))}
        {!route.keepAlive && <RouteScreen key={route.path + search} route={route} />}
      </Suspense>
    </>
  );
}

/** The route's screen, or the sign-in card when the route needs a session and there is none. */
function RouteScreen({ route }: { route: RouteEntry }) {
  const { signedIn } = useWallet();
  if (route.session && !signedIn) return <SignInCard route={route} />;
  const Screen = SCREENS[route.screen];
  return <Screen route={route} />;
}

function ScreenLoading() {
  return (
    <div className="flex justify-center py-20" aria-busy="true">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-fg/20 border-t-gold" />
    </div>
  );
}
