// `npm run seed`: clearly labelled demo content for a fresh local stack; does nothing when levels exist.
import { LOCAL_ROLES, anvilAccount } from '../stack/accounts';
import { DEMO_AGREEMENT, DEMO_BANNERS, DEMO_LEVELS, DEMO_NOTICES, byLanguage } from '../stack/demo-content';
import { seedReceiver } from '../stack/deploy';
import { operate } from './lib/admin-client';

const existing = (await operate('levels.list', [])) as unknown[];
if (existing.length > 0) {
  console.log('Seed: content exists, nothing to do.');
  process.exit(0);
}

const root = anvilAccount(LOCAL_ROLES.deployer).address;
await operate('root.add', [root]);
for (const [amount, ...periods] of DEMO_LEVELS) await operate('level.add', [amount, ...periods]);
for (const banner of DEMO_BANNERS) await operate('banner.add', [banner.image, banner.link, ...byLanguage(banner.title)]);
for (const notice of DEMO_NOTICES) await operate('notice.add', byLanguage(notice.title, notice.body));
await operate('agreement.set', byLanguage(DEMO_AGREEMENT));
// One receiving address on the Vault, so a member can apply to found a community on a fresh stack (the owner
// adds and removes them on /manager). The chain is the stack's (CHAIN_RPC_URL), else `npm run chain`'s.
const receiver = await seedReceiver(process.env.CHAIN_RPC_URL ?? `http://127.0.0.1:${process.env.CHAIN_PORT ?? 8545}`);
console.log(`Seed: demo content loaded; root user ${root}${receiver ? `; receiving address ${receiver}` : ''}.`);
