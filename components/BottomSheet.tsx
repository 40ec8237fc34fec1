'use client';
import { Dialog, DialogPanel, DialogTitle } from './Dialog';

/** A dialog that rises from the bottom of the screen, the app's sheet for choices and confirmations. */
export function BottomSheet({
  open = true,
  onClose,
  title,
  testId,
  layer = 'z-[60]',
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title?: string;
  testId: string;
  layer?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className={`relative ${layer}`}>
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-x-0 bottom-0 flex justify-center">
        <DialogPanel
          data-testid={testId}
          data-sheet=""
          className="max-h-[90dvh] w-full max-w-app overflow-y-auto rounded-t-3xl bg-ink-card p-5 pb-8 ring-1 ring-ink-line"
        >
          {title && <DialogTitle className="mb-4 text-center text-base font-semibold text-fg">{title}</DialogTitle>}
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
