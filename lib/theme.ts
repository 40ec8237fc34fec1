import { LOCAL_KEYS } from './storage-keys';

/** The app's themes (spec section 3 "Client state": theme, persisted locally); dark is the default. */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme {
  return storage?.getItem(LOCAL_KEYS.theme) === 'light' ? 'light' : 'dark';
}

/** The CSS variables of app/globals.css follow the root element's data-theme. */
export function applyTheme(root: HTMLElement, theme: Theme) {
  root.dataset.theme = theme;
}

/**
 * Runs in the page head before the first paint: the stored theme applies at once, so a reload (the app
 * reloads after every fresh login) never flashes the other theme while the JavaScript loads.
 */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(LOCAL_KEYS.theme)})==='light')document.documentElement.dataset.theme='light'}catch(e){}`;
