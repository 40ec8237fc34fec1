// `npm run admin -- <command> [args]`: operator commands (see `npm run admin -- help`).
import { OPS } from '../server/admin/ops';
import { API_LANGUAGES } from '../lib/languages';
import { adminPost, operate } from './lib/admin-client';

const HELP = `Commands:
  root.add <address>                         register a root user (no inviter)
  level.add <WLD> <days:percent>...          a staking level, e.g. level.add 100 30:0.5 60:0.6
  Texts per language: <lang> <text>... groups, lang one of ${API_LANGUAGES.join(' ')}; zh is required (the fallback).
  banner.add <img_path> <url|-> zh <title> [en <title> ...]     a home banner (position 1)
  notice.add zh <title> <html> [en <title> <html> ...]          an announcement
  notice.remove <id>
  agreement.set zh <html> [en <html> ...]                       the staking agreement (rich text)
  levels.list | banners.list | notices.list | users.list
  mail.list [sent|replied|all]               members' mail (default: awaiting a reply)
  mail.read <id>                             one member mail in full
  mail.reply <id> <text...>                  answer it (sent -> replied); plain text
  mail.send <address|all> <title> <text...>  mail from the administrator to one member or to all
  user.find <address>
  withdrawals.pending | withdrawal.approve <id> | withdrawal.reject <id> <reason>
                                             (approve in the console: the Vault pays only with approvers' signatures)
  withdrawals.flagged                        approved withdrawals the payout job set aside (paid on chain other than owed, ...)
  wallet.minimum <recharge|withdraw|transfer> <WLD> | wallet.config | ledger.check
  rules.list | rules.history                 referral reward rates and rank thresholds (docs/rewards.md)
  rule.set <key> <value>                     change one rule from the next UTC day, e.g. rule.set reward.generation.1 8
  user.founder <address> on|off              community founder (identity_lv 10)
  community.config | community.rule <valid|member|closed> | community.amount <WLD>   who may apply, the payment (docs/community.md)
  applications.list [pending|approved|rejected] | application.approve <id> | application.reject <id> <reason>
  community.payments.unmatched               transfers to a receiving address that no application carries (reads the chain)
  jobs.run                                   run the daily job now (ranks, dividends, rewards) (server must be running)
  clock.advance <days>                       local stack only: move server and chain time forward`;

const [command, ...args] = process.argv.slice(2);
const print = (value: unknown) => console.log(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2));

try {
  if (!command || command === 'help') {
    console.log(HELP);
  } else if (command === 'clock.advance' || command === 'jobs.run') {
    const days = Number(args[0]);
    if (command === 'clock.advance' && !(days > 0 && days <= 3650)) throw new Error('clock.advance needs a number of days (0 < days ≤ 3650)');
    const reply = command === 'jobs.run' ? await adminPost('/jobs/run', {}) : await adminPost('/clock/advance', { seconds: Math.round(days * 86400) });
    if (!reply) throw new Error('no server answered on the admin endpoint; start it with npm start or npm run server');
    if (reply.error) throw new Error(reply.error);
    print(reply.result);
  } else if (command in OPS) {
    print(await operate(command, args));
  } else {
    throw new Error(`unknown command ${command}\n${HELP}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
