import { expect, test } from './support/test';
import { parseEther, parseUnits } from 'viem';
import { maskAddress } from '../lib/address';
import { formatAmount } from '../lib/money';
import { advanceDays } from './support/api';
import { open, signedIn, withWallet } from './support/stack';
import { joinAndStake } from './support/team';

const shots = 'e2e-artifacts/screenshots';
const DAYS = 2;

// docs/rewards.md: a stake's daily dividend is amount × scale %; its inviter earns 10 % of it (direct), the
// second and third generations above 5 % and 3 % (team). Nobody here reaches a community rank (3 valid directs).
const dividend = (wld: string, scale: string) => (parseEther(wld) * parseUnits(scale, 4)) / 10n ** 6n;
const reward = (wld: string, scale: string, rate: bigint) => (dividend(wld, scale) * rate) / 100n;
const formula = (wld: string, scale: string, rate: bigint) =>
  `${formatAmount(parseEther(wld))} × ${scale}% × ${rate}% = ${formatAmount(reward(wld, scale, rate))}`;
// The server masks a member's address as the bind-inviter field does (first 10, dots, last 10).
const masked = (address: string) => new RegExp(`^${maskAddress(address).replaceAll('.', '\\.')}$`, 'i');

test('three generations stake, days pass: Reward, RewardDetail and Community show the first member its rewards and team', async ({ page, context }) => {
  test.setTimeout(240_000);
  // Alice stakes 100; Bob joins under her with 500 (0.6 %), Carol under Bob with 1000 (0.7 %), Dave under Carol with 1000.
  const alice = await joinAndStake({ account: 25, wld: '100', days: '7' });
  const bob = await joinAndStake({ account: 26, inviter: alice.address, wld: '500', days: '7' });
  const carol = await joinAndStake({ account: 27, inviter: bob.address, wld: '1000', days: '7' });
  const dave = await joinAndStake({ account: 28, inviter: carol.address, wld: '1000', days: '7' });
  // One day at a time, so the first day's rewards are yesterday's and the second day's today's (UTC days).
  for (let day = 0; day < DAYS; day++) await advanceDays(1);

  const direct = reward('500', '0.6', 10n) * BigInt(DAYS);
  const team = (reward('1000', '0.7', 5n) + reward('1000', '0.7', 3n)) * BigInt(DAYS);
  expect(formatAmount(direct)).toBe('0.60');
  expect(formatAmount(team)).toBe('1.12');

  await withWallet(context, { account: 25 });
  // Reward is a back-type page: its signed-out state offers the connect button the header does not.
  await open(page, '/reward');
  await page.getByTestId('empty-connect').click();
  await page.getByTestId('connector-dev.test.wallet').click();
  await signedIn(page);
  await expect(page.getByTestId('reward-direct-total')).toHaveText(`${formatAmount(direct)}WLD`);
  await expect(page.getByTestId('reward-team-total')).toHaveText(`${formatAmount(team)}WLD`);
  await expect(page.getByTestId('reward-total')).toHaveText(`${formatAmount(direct + team)} WLD`);
  const daily = formatAmount((direct + team) / BigInt(DAYS));
  await expect(page.getByTestId('reward-today')).toHaveText(`${daily}WLD`);
  await expect(page.getByTestId('reward-yesterday')).toHaveText(`${daily}WLD`);
  await page.screenshot({ path: `${shots}/reward.png` });

  // The direct ledger: one row per day from Bob, with the server's formula.
  await page.getByTestId('reward-detail-direct').click();
  const directRows = page.locator('[data-testid^="reward-record-"]');
  await expect(directRows).toHaveCount(DAYS);
  for (const row of await directRows.all()) {
    await expect(row.getByTestId('reward-amount')).toHaveText(`+${formatAmount(reward('500', '0.6', 10n))} WLD`);
    await expect(row.getByTestId('reward-formula')).toHaveText(formula('500', '0.6', 10n));
    await expect(row.getByTestId('reward-generation')).toHaveText('第 1 代');
    await expect(row).toContainText(maskAddress(bob.address), { ignoreCase: true });
  }
  await expect(page.getByText('暂无更多数据')).toBeVisible();

  // The team ledger: Carol's (generation 2, 5 %) and Dave's (generation 3, 3 %) dividends, each day.
  await page.getByTestId('reward-tab-team').click();
  const teamList = page.getByTestId('reward-list-team');
  await expect(teamList.locator('[data-testid^="reward-record-"]')).toHaveCount(2 * DAYS);
  await expect(teamList.getByTestId('reward-formula').filter({ hasText: formula('1000', '0.7', 5n) })).toHaveCount(DAYS);
  await expect(teamList.getByTestId('reward-formula').filter({ hasText: formula('1000', '0.7', 3n) })).toHaveCount(DAYS);
  await expect(teamList.getByTestId('reward-generation').filter({ hasText: '第 2 代' })).toHaveCount(DAYS);
  await expect(teamList.getByTestId('reward-generation').filter({ hasText: '第 3 代' })).toHaveCount(DAYS);
  await page.screenshot({ path: `${shots}/reward-detail-team.png`, fullPage: true });

  // Community: a valid member without a rank, one direct referral, three members over three generations.
  await page.evaluate(() => (window.location.hash = '/community'));
  await expect(page.getByTestId('my-level').getByTestId('member-level')).toHaveText('有效会员');
  // One valid direct referral: one star; her own 100 WLD stake: V1.
  await expect(page.getByTestId('my-level').getByTestId('member-stars')).toHaveText('★');
  await expect(page.getByTestId('my-level').getByTestId('member-v-level')).toHaveText('V1');
  await expect(page.getByTestId('team-direct-count')).toHaveText('1');
  await expect(page.getByTestId('team-direct-count-sub')).toHaveText('有效：1');
  await expect(page.getByTestId('team-count')).toHaveText('3');
  await expect(page.getByTestId('team-count-sub')).toHaveText('有效：3');
  await expect(page.getByTestId('team-stake-total')).toHaveText('2,500.00 WLD');
  await expect(page.getByTestId('team-today-new')).toHaveText('0');
  await expect(page.getByTestId('team-today-stake')).toHaveText('0.00WLD');
  for (const g of [1, 2, 3]) await expect(page.getByTestId(`generation-${g}`).getByTestId('generation-count')).toHaveText('1');

  const members = [
    [1, bob, '500.00'],
    [2, carol, '1,000.00'],
    [3, dave, '1,000.00'],
  ] as const;
  for (const [generation, member, stake] of members) {
    await page.getByTestId(`generation-tab-${generation}`).click();
    const card = page.getByTestId(`team-list-${generation}`).getByTestId('team-member');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('member-address')).toHaveText(masked(member.address));
    await expect(card.getByTestId('member-level-label')).toHaveText('有效会员');
    await expect(card).toContainText(`${stake} WLD`);
  }
  await page.getByTestId('generation-tab-1').click();
  await page.screenshot({ path: `${shots}/community.png`, fullPage: true });

  // A failed read says so and offers a retry, which shows the totals once the server answers again.
  await page.route('**/rewardapi/getRewardSummary', (route) => route.abort('connectionrefused'));
  await page.evaluate(() => (window.location.hash = '/reward'));
  await page.reload();
  await expect(page.getByTestId('error-state')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${shots}/reward-error.png` });
  await page.unroute('**/rewardapi/getRewardSummary');
  await page.getByTestId('retry').click();
  await expect(page.getByTestId('reward-direct-total')).toHaveText(`${formatAmount(direct)}WLD`);
});
