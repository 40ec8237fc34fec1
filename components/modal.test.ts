import { afterEach, describe, expect, it, vi } from 'vitest';
import { showModalDialog } from './modal';
import { openDialogs } from './open-dialogs';

// A stand-in for a <dialog> whose content has the call site's layer (its z-index); `shown` records the order in
// which dialogs entered the top layer, the order the browser paints them in.
const shown: string[] = [];
function fakeDialog(name: string, layer: number) {
  const dialog = {
    name,
    open: false,
    firstElementChild: { layer },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    showModal: vi.fn(() => {
      dialog.open = true;
      shown.push(name);
    }),
    close: vi.fn(() => void (dialog.open = false)),
  };
  return dialog as typeof dialog & HTMLDialogElement;
}
vi.stubGlobal('getComputedStyle', (el: { layer: number }) => ({ zIndex: String(el.layer) }));

afterEach(() => void shown.splice(0));

describe('showModalDialog', () => {
  it('shows a dialog opened over a lower layer on top, and closes it again', () => {
    const sheet = fakeDialog('sheet', 60);
    const confirm = fakeDialog('confirm', 90);
    const closeSheet = showModalDialog(sheet, () => undefined);
    const closeConfirm = showModalDialog(confirm, () => undefined);
    expect(shown).toEqual(['sheet', 'confirm']);
    expect(openDialogs()).toEqual([sheet, confirm]);
    closeConfirm();
    expect(confirm.close).toHaveBeenCalled();
    expect(openDialogs()).toEqual([sheet]);
    closeSheet();
    expect(openDialogs()).toEqual([]);
  });

  it('keeps a higher layer above a lower one opened after it: the higher is shown again, on top', () => {
    const switchChain = fakeDialog('switch', 75);
    const expiry = fakeDialog('expiry', 65);
    const closeSwitch = showModalDialog(switchChain, () => undefined);
    const closeExpiry = showModalDialog(expiry, () => undefined);
    expect(shown).toEqual(['switch', 'expiry', 'switch']);
    expect(openDialogs()).toEqual([expiry, switchChain]);
    closeExpiry();
    closeSwitch();
    expect(openDialogs()).toEqual([]);
  });

  it('lets the state decide on Escape: the cancel is prevented and onClose called', () => {
    const dialog = fakeDialog('sheet', 60);
    const onClose = vi.fn();
    const close = showModalDialog(dialog, onClose);
    const cancel = dialog.addEventListener.mock.calls.find(([type]) => type === 'cancel')![1] as (e: Event) => void;
    const event = { preventDefault: vi.fn() } as unknown as Event;
    cancel(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    close();
  });
});
