import { expect, test } from './support/test';
import type { CaughtMail } from '../stack/mail-catcher';
import { latestCode } from '../stack/mail-catcher';
import { SESSION_KEYS } from '../lib/storage-keys';
import { admin, apiUser } from './support/api';
import { connect, open, signedIn, withWallet } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
const caught = async (to: string) => ((await (await fetch(`${process.env.MAIL_URL}messages`)).json()) as CaughtMail[]).filter((m) => m.to.includes(to));

test("a reply reminder reaches the member's mailbox, its one-tap link unsubscribes, and the email settings show and switch the kinds", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  // The member (account 80), driven from Node in English: binds an email with the code the catcher received, writes a mail.
  const member = apiUser(80);
  const email = 'member80@example.com';
  await admin('root.add', member.address);
  await member.login();
  await member.call('emailapi/sendCode', { scene: 'bind', email });
  let code: string | undefined;
  await expect.poll(async () => (code = await latestCode(process.env.MAIL_URL!, email)), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await member.call('emailapi/bindEmail', { email, code: code! });
  const { id } = await member.call<{ id: string }>('mailapi/sendMail', { title: 'Payout timing', content: 'When are withdrawals paid?' });
  await admin('mail.reply', id, 'Within', 'the', 'hour', 'once', 'approved.');

  // The server's job queues and sends the reminder (every 10 s on the local stack), once.
  let mail: CaughtMail | undefined;
  await expect
    .poll(async () => (mail = (await caught(email)).find((m) => m.subject.startsWith('The administrator replied'))), { timeout: 40_000 })
    .toBeTruthy();
  expect(mail!.subject).toBe('The administrator replied to “Payout timing”');
  expect(mail!.text).toContain(`${process.env.APP_URL?.replace(/\/$/, '')}/#/email`);
  const link = /(http:\/\/\S+\/email\/unsubscribe\?\S+)/.exec(mail!.text)![1]!;

  // The caught mail as the local catcher shows it (npm start's mail page).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(process.env.MAIL_URL!);
  await expect(page.locator('article').first()).toContainText('Payout timing');
  await page.screenshot({ path: `${shots}/reminder-email-en.png` });

  // One tap, no sign-in: the kind is off, the page says so.
  await page.goto(link);
  await expect(page.getByTestId('unsubscribe-title')).toHaveText('Unsubscribed');
  await expect(page.locator('main')).toContainText('administrator replies');
  await page.screenshot({ path: `${shots}/reminder-unsubscribed-en.png` });
  expect((await caught(email)).filter((m) => m.subject.startsWith('The administrator replied'))).toHaveLength(1);

  // The app's email settings: the four kinds, the replies off; switch them back on.
  const wallet = await withWallet(context, { account: 80 });
  expect(wallet.address).toBe(member.address);
  await open(page, '/');
  // English first (the language lives in the tab's session storage, as the picker keeps it), Chinese below.
  await page.evaluate((key) => sessionStorage.setItem(key, 'en'), SESSION_KEYS.language);
  await page.reload();
  await connect(page);
  await signedIn(page);
  await page.goto(`${process.env.APP_URL}#/email/setting`);
  await expect(page.getByTestId('current-email')).toHaveText(email);
  const reminders = page.getByTestId('email-reminders');
  await expect(reminders).toContainText('Email reminders');
  await expect(page.getByTestId('reminder-reply')).toHaveAttribute('aria-checked', 'false');
  for (const kind of ['stake', 'withdrawal', 'community']) await expect(page.getByTestId(`reminder-${kind}`)).toHaveAttribute('aria-checked', 'true');
  await reminders.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/email-setting-reminders-en.png` });
  await page.getByTestId('reminder-reply').click();
  await expect(page.getByTestId('reminder-reply')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('toast')).toContainText('Modified successfully');

  await page.evaluate((key) => sessionStorage.setItem(key, 'zh-CN'), SESSION_KEYS.language);
  await page.reload();
  await expect(page.getByTestId('email-reminders')).toContainText('邮件提醒');
  await expect(page.getByTestId('email-reminders')).toContainText('质押到期');
  await page.getByTestId('reminder-stake').click();
  await expect(page.getByTestId('reminder-stake')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('email-reminders').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/email-setting-reminders-zh-CN.png` });
});
