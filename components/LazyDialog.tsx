'use client';
import type * as Headless from './headless-dialog';
import { type ComponentProps, Suspense, use, useEffect, useState } from 'react';

// Headless UI's Dialog (focus trap, scroll lock, aria-modal, Escape and outside-click close, focus restored on
// close) loads with the first dialog that opens rather than with the first screen: only those parts
// (./headless-dialog), not the whole library.
// Same parts, same props; a closed Dialog renders nothing, as Headless UI's own does.
// Its `inert` on the page behind reaches only the body child that holds the dialog's place in the tree (the screen,
// for a screen's dialog; nothing, for the side menu): the shell's header and screen are body children of their own.
// Once loaded, the parts render at once: the dialog, its panel and title do not each wait a turn (React.lazy would).
let headless: typeof Headless | undefined;
let loading: Promise<typeof Headless> | undefined;

/**
 * Starts loading Headless UI: a lazy dialog's own loader calls it beside its chunk's import, so the two load in
 * parallel rather than one after the other. Safe to call any number of times.
 */
export function preloadDialog(): Promise<typeof Headless> {
  loading ??= import('./headless-dialog').then((m) => (headless = m));
  return loading;
}

const useHeadless = () => headless ?? use(preloadDialog());

export function Dialog({ open, ...props }: ComponentProps<typeof Headless.Dialog>) {
  if (!open) return null;
  return (
    <>
      <FocusReturn />
      <Suspense fallback={null}>
        <OpenDialog {...props} />
      </Suspense>
    </>
  );
}

/**
 * Gives focus back to what had it when the dialog opened. Headless UI does so from the focus and clicks it has
 * seen, but it sees them only once it is loaded: the click (or Enter) that opens the first dialog comes before,
 * and without this the focus fell to the page's body on close. Runs after Headless UI's own restore had its turn.
 */
function FocusReturn() {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      window.setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
  return null;
}

// `static`: this wrapper already renders nothing while closed, so Headless UI's own Transition wrapper (which
// would only decide whether to render, and no dialog here animates) is skipped on every open; the Dialog itself
// (focus trap, scroll lock, aria-modal, Escape and outside-click close, focus given back) is unchanged (issue 35).
function OpenDialog(props: Omit<ComponentProps<typeof Headless.Dialog>, 'open'>) {
  const { Dialog: HeadlessDialog } = useHeadless();
  return <HeadlessDialog open static {...props} />;
}

export function DialogPanel(props: ComponentProps<typeof Headless.DialogPanel>) {
  const { DialogPanel: Panel } = useHeadless();
  return <Panel {...props} />;
}

export function DialogTitle(props: ComponentProps<typeof Headless.DialogTitle>) {
  const { DialogTitle: Title } = useHeadless();
  return <Title {...props} />;
}
