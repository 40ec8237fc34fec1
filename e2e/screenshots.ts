// `npm run screenshots`: the main screens and dialogs in Debian's Chromium, per language and phone size, on a
// throwaway stack with the test wallet: zh-CN and en at 390×844, fr and ko at 360×640 (the narrow case).
// Written to e2e-artifacts/screenshots/<locale>-<width>/, to open and look at after a change to screens.
import { mkdirSync } from 'node:fs';
import { type Page, chromium } from 'playwright-core';
import sharp from 'sharp';
import { createPublicClient, createWalletClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi } from '../abi';
import { admin, advanceDays } from './support/api';
import { joinAndStake } from './support/team';
import { TestWallet } from './support/wallet';
import { SESSION_KEYS } from '../lib/storage-keys';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { anvilAccount } from '../stack/accounts';
import { latestCode } from '../stack/mail-catcher';
import { startThrowawayStack } from '../stack/stack';
import { LOOKS as RUNS } from './support/looks';

const ROOT = anvilAccount(0).address;
/** Mail written in the screenshot's own language, as a member and the operator would. */
const MAIL = {
  'zh-CN': {
    title: '提现什么时候到账？',
    content: '您好，我昨天申请了提现，请问大概什么时候到账？\n谢谢！',
    reply: '您好，提现审核通过后会在 24 小时内到账。',
    welcome: '欢迎加入',
    welcomeText: '感谢您的加入，如有问题请随时给我们写信。',
  },
  en: {
    title: 'When is my withdrawal paid?',
    content: 'Hello, I asked for a withdrawal yesterday. When will it arrive?\nThank you!',
    reply: 'Hello, a withdrawal is paid within 24 hours of its approval.',
    welcome: 'Welcome aboard',
    welcomeText: 'Thank you for joining. Write to us any time you have a question.',
  },
  fr: {
    title: 'Quand mon retrait sera-t-il payé\u202f?',
    content: "Bonjour, j'ai demandé un retrait hier. Quand arrivera-t-il\u202f?\nMerci\u202f!",
    reply: 'Bonjour, un retrait est payé dans les 24 heures après son approbation.',
    welcome: 'Bienvenue',
    welcomeText: 'Merci de nous avoir rejoints. Écrivez-nous pour toute question.',
  },
  ko: {
    title: '출금은 언제 지급되나요?',
    content: '안녕하세요, 어제 출금을 신청했습니다. 언제 도착하나요?\n감사합니다!',
    reply: '안녕하세요, 출금은 승인 후 24시간 안에 지급됩니다.',
    welcome: '환영합니다',
    welcomeText: '가입해 주셔서 감사합니다. 궁금한 점이 있으면 언제든지 메일을 보내 주세요.',
  },
} as const;
// Accounts 30–33 register in the runs and 40–43 stay unregistered; the showcase team is 34–39.
const SHOWCASE = 34;

const stack = await startThrowawayStack('shots', { outDir: '.run/shots-app' });
// The e2e helpers (team.ts, api.ts) reach the stack through these.
Object.assign(process.env, {
  API_URL: stack.apiUrl,
  ADMIN_URL: stack.adminUrl,
  CHAIN_URL: stack.chainUrl,
  CHAIN_ID: String(stack.chainId),
  ADMIN_TOKEN: stack.adminToken,
});
// Real data for Manager and CommunityCreator: two receiving addresses added by the owner, and a rule that lets
// the screenshot accounts (registered, no stake) apply.
{
  const chain = { ...foundry, id: stack.chainId, rpcUrls: { default: { http: [stack.chainUrl] } } };
  const client = createPublicClient({ chain, transport: http(stack.chainUrl) });
  const owner = createWalletClient({ chain, account: anvilAccount(0), transport: http(stack.chainUrl) });
  for (const i of [43, 44]) {
    await client.waitForTransactionReceipt({
      hash: await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'addReceiver', args: [anvilAccount(i).address] }),
    });
  }
  await admin('community.rule', 'member');
}
const officePhoto = (r: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 140, b: 190 } } })
    .png()
    .toBuffer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  // A member with three generations under them and two days of rewards, for Reward, RewardDetail and Community.
  const showcase = await joinAndStake({ account: SHOWCASE, wld: '1000', days: '30' });
  const second = await joinAndStake({ account: SHOWCASE + 1, inviter: showcase.address, wld: '500', days: '7' });
  await joinAndStake({ account: SHOWCASE + 2, inviter: showcase.address, wld: '100', days: '7' });
  // A third valid direct referral makes the showcase a community participant (docs/rewards.md).
  await joinAndStake({ account: SHOWCASE + 5, inviter: showcase.address, wld: '100', days: '7' });
  const third = await joinAndStake({ account: SHOWCASE + 3, inviter: second.address, wld: '1000', days: '30' });
  await joinAndStake({ account: SHOWCASE + 4, inviter: third.address, wld: '5000', days: '7' });
  await advanceDays(2);

  for (const [i, run] of RUNS.entries()) {
    const dir = `e2e-artifacts/screenshots/${run.locale}-${run.width}`;
    mkdirSync(dir, { recursive: true });
    const context = await browser.newContext({ viewport: { width: run.width, height: run.height }, hasTouch: true });
    // tsx (esbuild, keepNames) wraps named functions in __name(); the wallet's in-page script needs it defined.
    await context.addInitScript('window.__name = (fn) => fn');
    const wallet = new TestWallet({ rpcUrl: stack.chainUrl, appChainId: stack.chainId, account: 30 + i });
    await wallet.install(context);
    await context.addInitScript(
      ([keys, locale]) => {
        window.sessionStorage.setItem(keys.startPageShown, '1');
        window.sessionStorage.setItem(keys.language, locale);
      },
      [SESSION_KEYS, run.locale] as const,
    );
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}.png` });
    const operate = async (op: string, ...args: string[]) => (await admin(op, ...args)).result;
    const go = async (hash: string, screen: string) => {
      await page.goto(`${stack.appUrl}#${hash}`);
      await page.locator(`[data-screen="${screen}"]`).waitFor();
      await page.waitForLoadState('networkidle');
    };

    await go('/', 'Index');
    await shot('index');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').waitFor();
    await shot('menu');
    await page.keyboard.press('Escape');
    // Signed out, a member's route shows the sign-in card in place of its screen (route meta `session`).
    await page.goto(`${stack.appUrl}#/wallet`);
    await page.locator('[data-testid="signed-out"][data-route="/wallet"]').waitFor();
    await page.waitForLoadState('networkidle');
    await shot('wallet-signed-out');

    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('connector-dev.test.wallet').click();
    await page.getByTestId('inviter-input').fill(anvilAccount(40 + i).address);
    await page.getByTestId('inviter-submit').click();
    await page.getByTestId('inviter-refusal').waitFor();
    await shot('bind-inviter-refused');
    await page.getByTestId('inviter-input').fill(ROOT);
    await page.getByTestId('inviter-submit').click();
    await signedInAfterReload(page);
    await go('/wallet', 'Wallet');
    await page.getByTestId('recharge-amount').fill('2000000');
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('toast').waitFor();
    await shot('wallet-insufficient');
    await page.getByTestId('money-tab-withdraw').click();
    await shot('wallet-withdraw');
    await go('/wallet/transfer', 'WalletTransfer');
    await page.getByTestId('transfer-to').fill(anvilAccount(40 + i).address);
    await page.getByTestId('transfer-amount').fill('1');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-to-error').waitFor();
    await shot('transfer-refused');
    await go('/pledge/record', 'PledgeRecord');
    await page.locator('[data-screen="PledgeRecord"] [data-testid="empty-state"]').waitFor();
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    await shot('pledge-record-empty');

    // Announcements, mail and email binding, with real data on this stack.
    const notices = (await operate('notices.list')) as { id: number }[];
    await go('/notice', 'Notice');
    await page.getByTestId(`notice-${notices[0]!.id}`).waitFor();
    await shot('notice');
    // The seeded welcome notice: rich text with bold and a list.
    await go(`/notice/detail?id=${notices[0]!.id}`, 'NoticeDetail');
    await page.getByTestId('notice-article').waitFor();
    await shot('notice-detail');
    const me = anvilAccount(30 + i).address;
    await go('/email/reply', 'EmailReply');
    await page.getByTestId('mail-title-input').fill(MAIL[run.locale].title);
    await page.getByTestId('mail-content-input').fill(MAIL[run.locale].content);
    await shot('email-reply');
    await page.getByTestId('mail-submit').click();
    await page.waitForURL(/box=sent/);
    const [mine] = (await operate('mail.list')) as { id: number; from: string }[];
    await operate('mail.reply', String(mine!.id), MAIL[run.locale].reply);
    await operate('mail.send', me, MAIL[run.locale].welcome, MAIL[run.locale].welcomeText);
    await go('/email', 'Email');
    await page.locator('[data-testid="mail-status"]').first().waitFor();
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    await shot('email-inbox');
    await go('/email?box=sent', 'Email');
    await page.locator('[data-testid="mail-status"]').first().waitFor();
    await shot('email-sent');
    await go(`/email/detail?id=${mine!.id}`, 'EmailDetail');
    await page.getByTestId('mail-reply').waitFor();
    await shot('email-detail');
    await go('/email', 'Email');
    await page.locator('[href*="/email/detail/inbox?id="]').first().click();
    await page.getByTestId('mail-body').waitFor();
    await shot('email-detail-inbox');
    await go('/email/setting', 'EmailSetting');
    await page.getByTestId('email-input').fill(`member${30 + i}@example.com`);
    await page.getByTestId('bind-code-send').click();
    await page.getByTestId('toast').waitFor();
    await shot('email-setting-bind');
    const code = await latestCode(stack.mailUrl, `member${30 + i}@example.com`);
    await page.getByTestId('bind-code-input').fill(code ?? '');
    await page.getByTestId('email-bind-submit').click();
    await page.getByTestId('email-change').waitFor();
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    await shot('email-setting-change');
    await go('/share', 'Share');
    await page.getByTestId('invite-qr').waitFor();
    await shot('share');

    await go('/community/creator', 'CommunityCreator');
    await page.getByTestId('apply-form').waitFor();
    await page.getByTestId('apply-receiver').selectOption(anvilAccount(43).address);
    await page.getByTestId('apply-province').selectOption('44');
    await page.getByTestId('apply-city').selectOption('4403');
    await page.getByTestId('apply-community').fill(LOCAL_TOKEN);
    for (const [n, r] of [40, 120, 200].entries()) {
      await page.getByTestId('photo-input').setInputFiles({ name: `office-${r}.png`, mimeType: 'image/png', buffer: await officePhoto(r) });
      await page.getByTestId(`photo-remove-${n}`).waitFor();
    }
    await shot('community-creator');

    // Manager: first as this (non-owner) account, read-only; then the wallet switches to the owner.
    await go('/manager', 'Manager');
    await page.getByTestId('receiver-1').waitFor();
    await page.getByTestId('manager-read-only').waitFor();
    await shot('manager-read-only');
    await wallet.switchAccount(0);
    await page.getByTestId('manager-read-only').waitFor({ state: 'detached' });
    await shot('manager-owner');
    await context.close();
    await shootRewards(run, dir);
    console.log(
      `${dir}: index, menu, wallet-signed-out, bind-inviter-refused, wallet-insufficient, wallet-withdraw, transfer-refused, pledge-record-empty, share, community-creator, manager-read-only, manager-owner, notice, notice-detail, email-reply, email-inbox, email-sent, email-detail, email-detail-inbox, email-setting-bind, email-setting-change, menu-member, stake-sheet, pledge-record, reward, reward-detail, reward-detail-team, community, community-members`,
    );
  }
} finally {
  await browser.close();
  await stack.stop();
}

/** Reward, RewardDetail and Community as the showcase member sees them. */
async function shootRewards(run: (typeof RUNS)[number], dir: string) {
  const { page, close } = await signedInContext(run, SHOWCASE);
  const shot = (name: string) => page.screenshot({ path: `${dir}/${name}.png` });
  const go = async (hash: string, screen: string, ready?: string) => {
    await page.goto(`${stack.appUrl}#${hash}`);
    await page
      .locator(`[data-screen="${screen}"]${ready ? ` ${ready}` : ''}`)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
  };
  await go('/', 'Index');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('side-menu').getByTestId('member-level').waitFor();
  await shot('menu-member');
  await page.keyboard.press('Escape');
  // The stake sheet with its agreement sentence, and a running stake's record card with its actions.
  await go('/', 'Index', '[data-testid="stake-1"]');
  await page.getByTestId('stake-1').click();
  await page.getByTestId('stake-confirm').waitFor();
  await page.getByTestId('agreement-tick').check();
  await shot('stake-sheet');
  await page.keyboard.press('Escape');
  await go('/pledge/record', 'PledgeRecord', '[data-testid^="record-"]');
  await shot('pledge-record');
  await go('/reward', 'Reward', '[data-testid="reward-total"]:not(.animate-pulse)');
  await shot('reward');
  await go('/reward/detail?type=direct', 'RewardDetail', '[data-testid^="reward-record-"]');
  await shot('reward-detail');
  await page.getByTestId('reward-tab-team').click();
  await page.locator('[data-testid="reward-list-team"] [data-testid^="reward-record-"]').first().waitFor();
  await shot('reward-detail-team');
  await go('/community', 'Community', '[data-testid="team-member"]');
  await shot('community');
  await page.getByTestId('generation-tab-2').click();
  await page.locator('[data-testid="team-list-2"] [data-testid="team-member"]').first().waitFor();
  await page.getByTestId('generation-tab-2').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -80));
  // The header turns opaque once the page has scrolled (debounced 150 ms).
  await page.waitForTimeout(400);
  await shot('community-members');
  await close();
}

/** A context in the run's language and size whose wallet is an already registered member, signed in. */
async function signedInContext(run: (typeof RUNS)[number], account: number) {
  const context = await browser.newContext({ viewport: { width: run.width, height: run.height }, hasTouch: true });
  await context.addInitScript('window.__name = (fn) => fn');
  await new TestWallet({ rpcUrl: stack.chainUrl, appChainId: stack.chainId, account }).install(context);
  await context.addInitScript(
    ([keys, locale]) => {
      window.sessionStorage.setItem(keys.startPageShown, '1');
      window.sessionStorage.setItem(keys.language, locale);
    },
    [SESSION_KEYS, run.locale] as const,
  );
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}#/`);
  await page.getByTestId('connect-wallet').click();
  await page.getByTestId('connector-dev.test.wallet').click();
  await signedInAfterReload(page);
  return { page, close: () => context.close() };
}

/** After a fresh login the app reloads once (spec: 500 ms); wait for the reloaded document with a session. */
async function signedInAfterReload(page: Page) {
  await page.waitForEvent('load', { timeout: 30_000 });
  await page.waitForFunction((key) => Boolean(sessionStorage.getItem(key)), SESSION_KEYS.guid);
}
