'use client';
import type * as Headless from '@headlessui/react';
import { type ComponentProps, Suspense, lazy } from 'react';

// Headless UI's Dialog (focus trap, scroll lock, inert background, Escape and outside-click close, focus
// restored on close) loads with the first dialog that opens rather than with the first screen (~35 KiB gz).
// Same parts, same props; a closed Dialog renders nothing, as Headless UI's own does.
const headless = () => import('@headlessui/react');
const HeadlessDialog = lazy(() => headless().then((m) => ({ default: m.Dialog })));
export const DialogPanel = lazy(() => headless().then((m) => ({ default: m.DialogPanel })));
export const DialogTitle = lazy(() => headless().then((m) => ({ default: m.DialogTitle })));

export function Dialog({ open, ...props }: ComponentProps<typeof Headless.Dialog>) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <HeadlessDialog open {...props} />
    </Suspense>
  );
}
