import { preloadDialog } from '@/components/LazyDialog';

/**
 * The side menu's module (with its language and theme pickers), loaded on the first press of the menu button
 * (Header: pointerdown, before the tap's click), Headless UI beside it rather than after it.
 */
export function loadSideMenu() {
  void preloadDialog();
  return import('./SideMenu');
}
