import { dropDialog, openDialogs, raiseDialog } from './open-dialogs';

const PANEL = '[data-dialog-panel]';
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Shows `dialog` with the browser's showModal (top layer, the page behind inert, focus moved in, Escape) and
 * calls `onClose` on Escape and on a tap outside its panel; the caller's state decides whether it closes.
 * Returns what closes it again (focus goes back to what had it before).
 */
export function showModalDialog(dialog: HTMLDialogElement, onClose: () => void): () => void {
  const show = () => {
    dialog.showModal();
    raiseDialog(dialog);
  };
  // Escape: the state closes it, not the browser.
  const cancel = (event: Event) => {
    event.preventDefault();
    onClose();
  };
  // The browser may close it all the same (a second Escape with no tap between, Android's back): say so, and show
  // it again if the state keeps it open (SwitchChainDialog ignores onClose).
  const closed = () => {
    if (dialog.open) return;
    dropDialog(dialog);
    onClose();
    window.setTimeout(() => dialog.isConnected && !dialog.open && show());
  };
  // Outside the panel is the call site's own backdrop (or the dialog itself): a tap there, pressed and released
  // outside, closes, as Headless UI's did; a drag from the panel outward does not.
  let pressedOutside = false;
  const outside = (event: Event) => !(event.target instanceof Element && event.target.closest(PANEL));
  const press = (event: Event) => (pressedOutside = outside(event));
  const click = (event: Event) => {
    if (pressedOutside && outside(event)) onClose();
    pressedOutside = false;
  };
  const listeners = { cancel, close: closed, pointerdown: press, click, keydown: (event: Event) => wrapTab(dialog, event as KeyboardEvent) } as const;
  for (const [type, listener] of Object.entries(listeners)) dialog.addEventListener(type, listener);
  show();
  raiseHigherLayers(dialog);
  return () => {
    for (const [type, listener] of Object.entries(listeners)) dialog.removeEventListener(type, listener);
    dropDialog(dialog);
    dialog.close();
  };
}

/**
 * The top layer paints dialogs in the order they were shown; the call sites' layers (the z-index of the dialog's
 * content: ConfirmDialog's z-[90] over a sheet's z-[60]) say which goes above which, as they did under Headless
 * UI. So any open dialog of a higher layer than the one just shown is shown again, above it.
 */
function raiseHigherLayers(dialog: HTMLDialogElement) {
  const others = openDialogs().filter((d) => d !== dialog);
  if (others.length === 0) return;
  const layer = (d: HTMLDialogElement) => Number(d.firstElementChild && getComputedStyle(d.firstElementChild).zIndex) || 0;
  const own = layer(dialog);
  for (const other of others) {
    if (layer(other) <= own) continue;
    other.close();
    other.showModal();
    raiseDialog(other);
  }
}

/** Chromium lets Tab go from a modal dialog's last control out to the browser (the page's body): back to its first. */
function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((c) => c.getClientRects().length > 0);
  const [first, last] = [controls[0], controls.at(-1)];
  const active = document.activeElement;
  if (!first || !last) return event.preventDefault();
  const inside = controls.includes(active as HTMLElement);
  const next = event.shiftKey ? (active === first || !inside) && last : active === last && first;
  if (!next) return;
  event.preventDefault();
  next.focus();
}
