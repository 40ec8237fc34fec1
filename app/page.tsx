'use client';
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { keepInviteLinks } from '@/lib/auth/intro-link';
import { loadMessages, storedLocale } from '@/lib/i18n';
import { preloadFirstScreen } from '@/screens/registry';

// The whole app is client-only: hash routes, wallet and session storage exist only in the browser. Until
// its JavaScript runs (first load, and the reload after every login) the page shows the shell's frame, the
// header bar in the theme's colours, rather than a blank page.
// The shell's chunks start loading as this module runs (React evaluates it while hydrating the page), not when
// the hydrated page first renders Shell. So do the active language's messages and the screen the app opens on:
// the shell's first render needs both, and loaded only once the shell had run, they came a round trip later.
// Each of the three loads starts in a task of its own, right after this one: their script elements, appended inline
// or all three in one task, made the task that hydrates the page a long task (docs/decisions.md, "Home's three
// first loads").
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let shellReady: Promise<ComponentType> | undefined;
if (typeof window !== 'undefined') {
  // An invite link's referrer is stored now, before anything renders (registration reads it much later).
  keepInviteLinks(window);
  // A language whose messages fail to load still gets the shell (LocaleProvider waits for them itself).
  const messages = nextTask()
    .then(() => loadMessages(storedLocale(window.sessionStorage, window.localStorage)))
    .catch(() => undefined);
  shellReady = nextTask()
    .then(() => import('@/shell/Shell'))
    .then(async (m) => (await messages, m.default));
  void nextTask().then(() => preloadFirstScreen(window.location.hash, window.sessionStorage));
}

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

/**
 * The frame until the shell and its messages are in, then the whole app's first render as a transition:
 * React renders it in slices that yield to the browser (no single long task for the tree) and keeps the frame
 * on screen until the first screen is ready to show.
 */
export default function Page() {
  const [shell, setShell] = useState<{ Shell: ComponentType } | null>(null);
  useEffect(() => {
    let live = true;
    void shellReady?.then((Shell) => live && startTransition(() => setShell({ Shell })));
    return () => {
      live = false;
    };
  }, []);
  return shell ? <shell.Shell /> : <ShellFrame />;
}
