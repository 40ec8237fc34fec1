'use client';
import { type ComponentProps, type ReactNode, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { showModalDialog } from './modal';

// Every dialog of the app, on the browser's own modal <dialog> (showModal): the top layer, the whole page behind
// inert, aria-modal, Escape and focus moved in come from the platform, with nothing to load on the first tap
// (a dialog library's load and focus trap were the first tap's cost: docs/decisions.md, "every dialog is the
// browser's own <dialog>").
// The call sites draw their own backdrop and layout inside it; the <dialog> itself is a transparent, full-viewport
// box (no margin, border, padding or ::backdrop of its own), so their `fixed` children look as they did.
// A closed Dialog renders nothing.

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The dialog's layer, e.g. `relative z-[60]`: a higher layer stays above a lower one opened after it. */
  className?: string;
  children?: ReactNode;
};

export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return (
    <>
      <FocusReturn />
      <OpenDialog {...props} />
    </>
  );
}

/**
 * Gives focus back to what had it when the dialog opened, if closing left it on the page's body (the browser
 * gives it back itself when the opener is still there).
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

// In body, as Headless UI's portal was: the content inherits the page's font and colours, not its opener's.
// The content's box can take the focus (tabIndex -1), so showModal focuses it, as Headless UI did its own box on
// desktop, rather than the first control (a field would raise a phone's keyboard).
function OpenDialog({ onClose, className, children }: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useEffectEvent(() => onClose());
  // Before the first paint: the frame that draws the dialog draws it shown.
  useLayoutEffect(() => showModalDialog(ref.current!, close), []);
  return createPortal(
    <dialog
      ref={ref}
      aria-modal="true"
      className="fixed inset-0 m-0 size-full max-h-none max-w-none overflow-visible border-0 bg-transparent p-0 text-inherit outline-none backdrop:bg-transparent"
    >
      <div tabIndex={-1} className={`outline-none ${className ?? ''}`}>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}

export function DialogPanel(props: ComponentProps<'div'>) {
  return <div data-dialog-panel="" {...props} />;
}

/** The dialog's title; the dialog is labelled by it. */
export function DialogTitle({ id, ...props }: ComponentProps<'h2'>) {
  const own = useId();
  const titleId = id ?? own;
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current?.closest('dialog');
    dialog?.setAttribute('aria-labelledby', titleId);
    return () => dialog?.removeAttribute('aria-labelledby');
  }, [titleId]);
  return <h2 ref={ref} id={titleId} {...props} />;
}
