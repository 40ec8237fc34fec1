import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { latestCode } from '../stack/mail-catcher';
import { SESSION_KEYS } from '../lib/storage-keys';
import { advanceDays } from './support/api';
import { admin, connect, open, signedIn, withWallet } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
const toast = (page: Page) => page.getByTestId('toast');
/** Reads the app in one language from the first load on (the picker stores the same session key). */
const inLanguage = (page: Page, locale: string) =>
  page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_KEYS.language, locale] as const);

test('the ticker opens the announcements, in Chinese and in English, with the rich text sanitized', async ({ page }) => {
  const published = (
    await admin(
      'notice.add',
      'zh',
      '系统升级公告',
      '<p>升级<b>完成</b><img src="x" onerror="window.__pwned=1"></p><script>window.__pwned=2</script>',
      'en',
      'System upgrade',
      '<p>The upgrade is <b>done</b><img src="x" onerror="window.__pwned=1"></p><script>window.__pwned=2</script>',
    )
  ).result as { id: number };
  await open(page, '/');
  await expect(page.getByTestId('notice-ticker')).toContainText('系统升级公告');
  await page.getByTestId('notice-ticker').click();
  await expect(page.locator('[data-screen="Notice"]')).toBeVisible();
  await expect(page.getByTestId(`notice-${published.id}`)).toContainText('系统升级公告');
  await expect(page.locator('[data-screen="Notice"]')).toContainText('[演示] 欢迎使用本地环境');
  await expect(page.locator('[data-screen="Notice"]')).toContainText('暂无更多数据');
  await page.getByTestId(`notice-${published.id}`).click();
  await expect(page.getByTestId('notice-title')).toHaveText('系统升级公告');
  await expect(page.getByTestId('notice-article')).toContainText('升级完成');
  // The sanitizer removed the script and the handler: nothing ran.
  expect(await page.getByTestId('notice-article').innerHTML()).not.toMatch(/onerror|<script/);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  await page.evaluate((key) => sessionStorage.setItem(key, 'en'), SESSION_KEYS.language);
  await page.reload();
  await expect(page.getByTestId('notice-title')).toHaveText('System upgrade');
  await expect(page.getByTestId('notice-article')).toContainText('The upgrade is done');
  await page.goto(`${process.env.APP_URL}#/`);
  await expect(page.getByTestId('notice-ticker')).toContainText('System upgrade');
  await page.getByTestId('notice-ticker').click();
  await expect(page.locator('[data-screen="Notice"]')).toContainText('[Demo] Welcome to the local stack');
  await expect(page.locator('[data-screen="Notice"]')).toContainText('No more data yet');
});

test('a member writes, the operator replies through the CLI; an operator mail raises the badge and opening it clears it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const wallet = await withWallet(context, { account: 30 });
  await admin('root.add', wallet.address);
  await inLanguage(page, 'en');
  await open(page, '/');
  await connect(page);
  await signedIn(page);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-email').click();
  await expect(page.locator('[data-screen="Email"]')).toContainText('No mail from the administrator yet');

  await page.getByTestId('mail-write').click();
  await page.getByTestId('mail-submit').click();
  await expect(toast(page)).toContainText('Please enter the title');
  await page.getByTestId('mail-title-input').fill('Withdrawal question');
  await page.getByTestId('mail-submit').click();
  await expect(toast(page)).toContainText('Please enter the mail content');
  await page.getByTestId('mail-content-input').fill('<b>bold</b>');
  await page.getByTestId('mail-submit').click();
  await expect(toast(page)).toContainText('Plain text only: please remove HTML tags or control characters');
  await page.getByTestId('mail-content-input').fill('When is my withdrawal paid?\nThank you');
  await page.getByTestId('mail-submit').click();
  await expect(toast(page)).toContainText('Sent successfully');
  await expect(page).toHaveURL(/#\/email\?box=sent$/);
  const sentRow = page.locator('[data-testid^="mail-"][href*="/email/detail?id="]').first();
  await expect(sentRow.getByTestId('mail-status')).toHaveText('Sent');

  // The operator reads the member's mail and answers it with the CLI's command (through the admin endpoint).
  const waiting = (await admin('mail.list')).result as { id: number; from: string; title: string }[];
  const mine = waiting.find((m) => m.from === wallet.address && m.title === 'Withdrawal question')!;
  expect((await admin('mail.read', String(mine.id))).result).toMatchObject({ content: 'When is my withdrawal paid?\nThank you', status: 'sent' });
  expect((await admin('mail.reply', String(mine.id), 'It', 'is', 'paid', 'after', 'the', 'audit.')).result).toMatchObject({ status: 'replied' });
  await page.reload();
  await expect(sentRow.getByTestId('mail-status')).toHaveText('Replied');
  await sentRow.click();
  await expect(page.locator('[data-screen="EmailDetail"]')).toBeVisible();
  await expect(page.getByTestId('mail-content')).toHaveText('When is my withdrawal paid?\nThank you');
  await expect(page.getByTestId('mail-reply-text')).toHaveText('It is paid after the audit.');

  // The reply is in the inbox too, and the menu's badge counts it until it is opened.
  await page.goto(`${process.env.APP_URL}#/`);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-email')).toContainText('1');
  await page.getByTestId('menu-email').click();
  const replyRow = page.locator('[data-testid^="mail-"][href*="/email/detail/inbox?id="]').first();
  await expect(replyRow).toContainText('Withdrawal question');
  await expect(replyRow.getByTestId('mail-status')).toHaveText('Not viewed');
  await replyRow.click();
  await expect(page.getByTestId('mail-content')).toHaveText('It is paid after the audit.');
  await expect(page.getByTestId('mail-body')).toContainText('In reply to: Withdrawal question');
  await page.screenshot({ path: `${shots}/email-reply-inbox-en.png` });
  await page.goto(`${process.env.APP_URL}#/`);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-email')).not.toContainText('1');
  await page.keyboard.press('Escape');

  // Mail from the operator: the menu's badge counts it until it is opened.
  await admin('mail.send', wallet.address, 'Welcome', 'Hello', 'member,', 'welcome', 'aboard.');
  await page.goto(`${process.env.APP_URL}#/`);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-email')).toContainText('1');
  await page.getByTestId('menu-email').click();
  const inboxRow = page.locator('[data-testid^="mail-"][href*="/email/detail/inbox?id="]').first();
  // The list the inbox showed before, until its refetch lands: the member taps the new mail once it is there.
  await expect(inboxRow).toContainText('Welcome');
  await expect(inboxRow.getByTestId('mail-status')).toHaveText('Not viewed');
  await inboxRow.click();
  await expect(page.getByTestId('mail-title')).toHaveText('Welcome');
  await expect(page.getByTestId('mail-content')).toHaveText('Hello member, welcome aboard.');
  await page.screenshot({ path: `${shots}/email-detail-inbox-en.png` });
  await page.goto(`${process.env.APP_URL}#/`);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-email')).not.toContainText('1');
  await page.keyboard.press('Escape');

  // Answering the operator's mail: a new sent mail that names it.
  await page.goto(`${process.env.APP_URL}#/email`);
  await expect(inboxRow.getByTestId('mail-status')).toHaveText('Viewed');
  await inboxRow.click();
  await page.getByTestId('mail-reply-button').click();
  await expect(page.getByTestId('mail-title-input')).toHaveValue('Re: Welcome');
  await page.getByTestId('mail-content-input').fill('Thank you!');
  await page.getByTestId('mail-submit').click();
  await expect(toast(page)).toContainText('Reply successful');
  await expect(page.locator('[data-screen="Email"]')).toContainText('Re: Welcome');
});

test('binding an email with the code from the local mail catcher, then changing it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const wallet = await withWallet(context, { account: 31 });
  await admin('root.add', wallet.address);
  await inLanguage(page, 'en');
  await open(page, '/');
  await connect(page);
  await signedIn(page);
  // The side menu's 'Email: Not bound · Edit' opens EmailSetting.
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toContainText('Not bound');
  await page.getByTestId('side-menu').getByText('Edit').click();
  await expect(page.getByTestId('current-email')).toHaveText('Not bound');
  await expect(page.getByTestId('reminders-no-email')).toBeVisible();

  await page.getByTestId('bind-code-send').click();
  await expect(toast(page)).toContainText('Please enter your email first');
  await page.getByTestId('email-input').fill('not-an-email');
  await page.getByTestId('bind-code-send').click();
  await expect(toast(page)).toContainText('Please enter a valid email address');
  await page.getByTestId('email-input').fill('Member31@Example.com');
  await page.getByTestId('bind-code-send').click();
  await expect(toast(page)).toContainText('Code sent to m***@example.com, valid for 10 minutes');
  await expect(page.getByTestId('bind-code-send')).toHaveText(/\d+ s/);
  await page.getByTestId('email-bind-submit').click();
  await expect(toast(page)).toContainText('Please enter the verification code');
  // Read the code as the member would: from the mail catcher's page, not from the database.
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(process.env.MAIL_URL!, 'member31@example.com')), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await page.getByTestId('bind-code-input').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('email-bind-submit').click();
  await expect(toast(page)).toContainText('The verification code is wrong or has expired');
  // A second tap within 300 ms is ignored (the double-tap guard): tap again once the refusal has gone.
  await expect(toast(page)).toBeHidden();
  await page.getByTestId('bind-code-input').fill(code!);
  await page.getByTestId('email-bind-submit').click();
  await expect(toast(page)).toContainText('Binding successful');
  await expect(page.getByTestId('current-email')).toHaveText('member31@example.com');
  // The reminders below stop asking for an email as soon as one is bound, without a reload.
  await expect(page.getByTestId('reminders-no-email')).toBeHidden();

  // Change: the current email gets a code (a minute after the last one to it), then the new one does.
  await advanceDays(61 / 86400);
  await page.getByTestId('old-code-send').click();
  await expect(toast(page)).toContainText('Code sent to m***@example.com, valid for 10 minutes');
  let oldCode: string | undefined;
  await expect.poll(async () => (oldCode = await latestCode(process.env.MAIL_URL!, 'member31@example.com')), { timeout: 15_000 }).not.toBe(code);
  await page.getByTestId('old-code-input').fill(oldCode!);
  await page.getByTestId('new-code-send').click();
  await expect(toast(page)).toContainText('Please enter the new email');
  await page.getByTestId('new-email-input').fill('new31@example.com');
  await page.getByTestId('email-change-submit').click();
  await expect(toast(page)).toContainText('Please enter the verification code');
  await page.getByTestId('new-code-send').click();
  await expect(toast(page)).toContainText('Code sent to n***@example.com, valid for 10 minutes');
  let newCode: string | undefined;
  await expect.poll(async () => (newCode = await latestCode(process.env.MAIL_URL!, 'new31@example.com')), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await page.getByTestId('new-code-input').fill(newCode!);
  await page.getByTestId('email-change-submit').click();
  await expect(toast(page)).toContainText('Modified successfully');
  await expect(page.getByTestId('current-email')).toHaveText('new31@example.com');
  await page.goto(`${process.env.APP_URL}#/`);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toContainText('new31@example.com');
});
