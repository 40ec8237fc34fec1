import { describe, expect, it, vi } from 'vitest';
import { dropDialog, openDialogs, raiseDialog, subscribeDialogs, topDialog } from './open-dialogs';

const dialog = (name: string) => ({ name }) as unknown as HTMLDialogElement;

describe('open dialogs', () => {
  it('keeps the top-layer order: the last shown on top, one shown again goes back on top, a closed one leaves', () => {
    const [sheet, confirm] = [dialog('sheet'), dialog('confirm')];
    const listener = vi.fn();
    const unsubscribe = subscribeDialogs(listener);
    expect(topDialog()).toBeNull();
    raiseDialog(sheet);
    raiseDialog(confirm);
    expect(openDialogs()).toEqual([sheet, confirm]);
    raiseDialog(sheet);
    expect(openDialogs()).toEqual([confirm, sheet]);
    dropDialog(sheet);
    expect(topDialog()).toBe(confirm);
    dropDialog(sheet);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    dropDialog(confirm);
    expect(topDialog()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
