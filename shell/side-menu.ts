import { loadedFirst } from '@/components/loaded-first';

/**
 * The side menu (with its language and theme pickers), loaded on the first press of the menu button (Header:
 * pointerdown, before the tap's click); the tap opens the menu once it is in (Shell).
 */
export const sideMenu = loadedFirst(() => import('./SideMenu').then((m) => m.SideMenu));

export function loadSideMenu() {
  void sideMenu.load();
}
