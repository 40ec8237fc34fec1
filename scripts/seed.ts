// `npm run seed`: clearly labelled demo content for a fresh local stack; does nothing when levels exist.
import { LOCAL_ROLES, anvilAccount } from './lib/accounts';
import { operate } from './lib/admin-client';

const existing = (await operate('levels.list', [])) as unknown[];
if (existing.length > 0) {
  console.log('Seed: content exists, nothing to do.');
  process.exit(0);
}

const root = anvilAccount(LOCAL_ROLES.deployer).address;
await operate('root.add', [root]);
for (const [amount, ...periods] of [
  ['100', '7:0.5', '30:0.6', '90:0.8'],
  ['500', '7:0.6', '30:0.7', '90:0.9'],
  ['1000', '7:0.7', '30:0.8', '90:1'],
  ['5000', '7:0.8', '30:1', '90:1.2'],
] as const) {
  await operate('level.add', [amount, ...periods]);
}
await operate('banner.add', ['banners/demo-1.svg', '[Demo] Stake WLD, earn daily', '#/pledge/record']);
await operate('banner.add', ['banners/demo-2.svg', '[Demo] Invite friends, grow your team', '#/share']);
await operate('notice.add', ['[Demo] Welcome to the local stack', 'This is demo content from npm run seed. Nothing here is real money.']);
await operate('notice.add', ['[Demo] How dividends work', 'A stake earns amount × daily percent every full day of its period.']);
await operate('agreement.set', [
  '<h3>[Demo] Staking investment agreement</h3><p>This demo agreement is seeded for the local stack.</p>' +
    '<ol><li>The staked amount is locked for the chosen period.</li><li>A dividend of amount × daily percent is paid for every full day.</li>' +
    '<li>Within 24 hours after expiry you may redeem the principal; otherwise the stake renews automatically.</li></ol>',
]);
console.log(`Seed: demo content loaded; root user ${root}.`);
