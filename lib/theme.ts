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
