import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { anvilAccount } from '../stack/accounts';
import { openApp } from './support/app';
import { decodeQr } from './support/qr';
import { ROOT, admin, connect, open, signedIn, withWallet } from './support/stack';

/** Share has a back-type header (no wallet button): it offers its own connect button before a wallet is connected. */
async function connectFromShare(page: Page) {
  await page.getByTestId('share-connect-wallet').click();
  await page.getByTestId('connector-dev.test.wallet').click();
}

const shots = 'e2e-artifacts/screenshots';
// Accounts 36–45 belong to the invite, community and manager specs.
const MEMBER = 36;
const FRIEND = 37;

const expectedLink = (base: string, address: string) => {
  const url = new URL(base);
  return `${url.origin}${url.pathname}#/?intro=${address}`;
};

test('before connecting, Share asks for a wallet instead of showing a link', async ({ page }) => {
  await open(page, '/share');
  await expect(page.getByTestId('share-connect')).toBeVisible();
  await expect(page.getByTestId('invite-link')).toHaveCount(0);
});

test('the invite link and its QR code are the same URL, copy works, and a friend opening it registers under the member', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const member = anvilAccount(MEMBER).address;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withWallet(context, { account: MEMBER });
  await open(page, `/?intro=${ROOT}`);
  await connect(page);
  await page.getByTestId('inviter-submit').click();
  await signedIn(page);
  await page.evaluate(() => (window.location.hash = '/share'));

  const link = page.getByTestId('invite-link');
  await expect(link).toHaveText(expectedLink(process.env.APP_URL!, member));
  const qr = page.getByTestId('invite-qr');
  await expect(qr).toBeVisible();
  const decoded = await decodeQr((await qr.getAttribute('src'))!);
  expect(decoded).toBe(await link.textContent());
  // Saving the image offers the same PNG under the member's file name.
  await expect(page.getByTestId('invite-save')).toHaveAttribute('download', /^invite-[0-9a-f]{10}\.png$/);
  expect(await page.getByTestId('invite-save').getAttribute('href')).toBe(await qr.getAttribute('src'));

  await page.getByTestId('invite-copy').click();
  await expect(page.getByTestId('toast')).toContainText('复制成功');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(decoded);
  await page.getByTestId('toast').waitFor({ state: 'hidden' });
  await page.screenshot({ path: `${shots}/share.png` });

  // A fresh browser opens the decoded link: the bind-inviter dialog is prefilled with the member (masked).
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    await withWallet(other, { account: FRIEND });
    const friendPage = await other.newPage();
    await open(friendPage, decoded!.split('#')[1]);
    await connect(friendPage);
    await expect(friendPage.getByTestId('inviter-input')).toHaveValue(`${member.slice(0, 10)}......${member.slice(-10)}`);
    await friendPage.getByTestId('inviter-submit').click();
    await signedIn(friendPage);
    const friend = (await admin('user.find', anvilAccount(FRIEND).address)).result as { inviterId: number | null };
    const inviter = (await admin('user.find', member)).result as { id: number };
    expect(friend.inviterId).toBe(inviter.id);
  } finally {
    await other.close();
  }
});

test('where the clipboard is refused, the link is selected for a long press', async ({ page, context }) => {
  await withWallet(context, { account: MEMBER });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
  });
  await open(page, '/share');
  await connectFromShare(page);
  await signedIn(page);
  await page.getByTestId('invite-copy').click();
  await expect(page.getByTestId('toast')).toHaveText('复制失败，请长按手动复制');
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(await page.getByTestId('invite-link').textContent());
});

test('opened under a sub-path (an IPFS gateway), the link keeps the sub-path', async ({ page, context }) => {
  await withWallet(context, { account: MEMBER });
  await openApp(page, '/share', process.env.APP_SUBPATH_URL);
  await connectFromShare(page);
  await expect(page.getByTestId('invite-link')).toHaveText(expectedLink(process.env.APP_SUBPATH_URL!, anvilAccount(MEMBER).address), { timeout: 20_000 });
  expect(await decodeQr((await page.getByTestId('invite-qr').getAttribute('src'))!)).toContain('/ipfs/');
});
