'use client';
import dynamic from 'next/dynamic';
import { loadMessages, storedLocale } from '@/lib/i18n';
import { screenOfHash } from '@/lib/routes';
import { preloadScreen } from '@/screens/registry';

// The whole app is client-only: hash routes, wallet and session storage exist only in the browser. Until
// its JavaScript runs (first load, and the reload after every login) the page shows the shell's frame, the
// header bar in the theme's colours, rather than a blank page.
// The shell's chunks start loading as this module runs, before React hydrates the page, not when the
// hydrated page first renders Shell.
// So do the active language's messages and the screen the app opens on: the shell's first render needs both,
// and loaded only once the shell had run, they came a round trip later.
const loadShell = () => import('@/shell/Shell');
if (typeof window !== 'undefined') {
  void loadShell();
  void loadMessages(storedLocale(window.sessionStorage));
  preloadScreen(screenOfHash(window.location.hash));
}
const Shell = dynamic(loadShell, { ssr: false, loading: ShellFrame });

function ShellFrame() {
  return (
    <div aria-hidden className="min-h-screen bg-ink">
      <div className="mx-auto flex h-14 max-w-app items-center gap-3 px-4">
        <span className="h-9 w-9 rounded-full bg-fg/10" />
        <span className="ml-auto h-9 w-28 rounded-full bg-gold/30" />
      </div>
    </div>
  );
}

export default function Page() {
  return <Shell />;
}
