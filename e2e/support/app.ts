import type { Page } from '@playwright/test';
import { SESSION_KEYS } from '../../lib/storage-keys';

export const appUrl = (hash = '/') => `${process.env.APP_URL}#${hash}`;

/** Opens the app with the once-per-session start page already seen, so screens are visible at once. */
export async function openApp(page: Page, hash = '/', base = process.env.APP_URL) {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SESSION_KEYS.startPageShown);
  await page.goto(`${base}#${hash}`);
}
