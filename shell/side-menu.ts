import { preloadDialog } from '@/components/LazyDialog';
import { loadedFirst } from '@/components/loaded-first';

/**
 * The side menu (with its language and theme pickers), loaded on the first press of the menu button (Header:
 * pointerdown, before the tap's click), Headless UI beside it rather than after it; the tap opens the menu once
 * both are in (Shell).
 */
export const sideMenu = loadedFirst(() => Promise.all([import('./SideMenu'), preloadDialog()]).then(([m]) => m.SideMenu));

export function loadSideMenu() {
  void sideMenu.load();
}
