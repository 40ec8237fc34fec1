'use client';
import type * as Headless from './headless-dialog';
import { type ComponentProps, Suspense, use } from 'react';

// Headless UI's Dialog (focus trap, scroll lock, inert background, Escape and outside-click close, focus
// restored on close) loads with the first dialog that opens rather than with the first screen: only those parts
// (./headless-dialog), not the whole library.
// Same parts, same props; a closed Dialog renders nothing, as Headless UI's own does.
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
    <Suspense fallback={null}>
      <OpenDialog {...props} />
    </Suspense>
  );
}

function OpenDialog(props: Omit<ComponentProps<typeof Headless.Dialog>, 'open'>) {
  const { Dialog: HeadlessDialog } = useHeadless();
  return <HeadlessDialog open {...props} />;
}

export function DialogPanel(props: ComponentProps<typeof Headless.DialogPanel>) {
  const { DialogPanel: Panel } = useHeadless();
  return <Panel {...props} />;
}

export function DialogTitle(props: ComponentProps<typeof Headless.DialogTitle>) {
  const { DialogTitle: Title } = useHeadless();
  return <Title {...props} />;
}
