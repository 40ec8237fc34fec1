import { AMOUNT_BOUNDS, amountProblemText, parseAmount } from '../../../lib/money';
import type * as R from '../../../lib/console-api/replies';
import { COMMUNITY_KEYS, communitySettings } from '../../community/rules';
import { MIN_KEYS, walletConfig } from '../../ledger/limits';
import { approvalThreshold, setApprovalThreshold } from '../../operators/approvals';
import { changeRule, rulesNow } from '../../rewards/rules';
import { putSetting } from '../../settings/settings';
import { addLevel, listLevels } from '../../staking/levels';
import * as views from '../../views/console';
import type { Deps } from '../route';
import { iso, section, wei } from './handler';
import { domain, invalidInput } from './refusal';

type Level = Awaited<ReturnType<typeof listLevels>>[number];
const levelRow = (l: Level): R.LevelRow => ({ id: l.id, amount: l.num, periods: l.infos.map((p) => ({ id: p.id, days: Number(p.day), percent: p.scale })) });
const toWallet = (w: Awaited<ReturnType<typeof walletConfig>>): R.WalletSettings => ({
  recharge: w.min_recharge,
  withdraw: w.min_withdraw,
  transfer: w.min_transfer,
});
const toCommunity = (s: Awaited<ReturnType<typeof communitySettings>>): R.CommunitySettings => ({ rule: s.rule, amount: s.amount.toString() });
const rulesReply = async (deps: Deps): Promise<R.Rule[]> =>
  (await rulesNow(deps.db, deps.clock)).map((r) => ({ key: r.key, value: r.value, fromTomorrow: r.fromTomorrow ?? null, default: r.default }));

/** Levels, reward rules (with their history), the wallet minimums, the community rule and fee, the approval threshold. */
export const ruleHandlers = section({
  levels: async ({ deps }) => (await listLevels(deps.db)).map(levelRow),
  addLevel: async ({ deps, input, audit }) => {
    // The bounds a level takes everywhere (the CLI's level.add too): more than zero, below a billion WLD.
    const amount = parseAmount(input.amount, AMOUNT_BOUNDS.level);
    if (!amount.ok) {
      const why = amountProblemText(amount.reason, AMOUNT_BOUNDS.level);
      throw invalidInput(`amount: ${why} WLD`, { amount: `${why} WLD` });
    }
    const levelId = await domain(
      addLevel(
        deps.db,
        amount.value,
        input.periods.map((p) => ({ day: p.days, scale: p.percent })),
      ),
    );
    const reply = levelRow((await listLevels(deps.db)).find((l) => l.id === String(levelId))!);
    audit({ target: `level:${levelId}`, after: reply });
    return reply;
  },
  rules: ({ deps }) => rulesReply(deps),
  setRule: async ({ deps, input, audit }) => {
    const before = (await rulesReply(deps)).find((r) => r.key === input.key);
    const change = await domain(changeRule(deps.db, deps.clock, input.key, input.value));
    audit({ target: `rule:${input.key}`, before: before ?? null, after: { value: input.value, effectiveAt: iso(change?.effectiveAt) } });
    return rulesReply(deps);
  },
  ruleHistory: ({ deps, input }) => views.ruleHistoryPage(deps.db, input.page, input.limit),
  walletSettings: async ({ deps }) => toWallet(await walletConfig(deps.db)),
  setWalletMinimum: async ({ deps, input, audit }) => {
    const before = toWallet(await walletConfig(deps.db));
    await putSetting(deps.db, MIN_KEYS[input.kind], wei(input.amount).toString());
    const after = toWallet(await walletConfig(deps.db));
    audit({ target: `minimum:${input.kind}`, before, after });
    return after;
  },
  communitySettings: async ({ deps }) => toCommunity(await communitySettings(deps.db)),
  setCommunityRule: async ({ deps, input, audit }) => {
    const before = toCommunity(await communitySettings(deps.db));
    await putSetting(deps.db, COMMUNITY_KEYS.rule, input.rule);
    const after = toCommunity(await communitySettings(deps.db));
    audit({ target: 'community.rule', before, after });
    return after;
  },
  setCommunityFee: async ({ deps, input, audit }) => {
    const before = toCommunity(await communitySettings(deps.db));
    await putSetting(deps.db, COMMUNITY_KEYS.amount, wei(input.amount).toString());
    const after = toCommunity(await communitySettings(deps.db));
    audit({ target: 'community.amount', before, after });
    return after;
  },
  settings: async ({ deps }) => ({ approvalThreshold: (await approvalThreshold(deps.db)).toString() }),
  setApprovalThreshold: async ({ deps, input, operator }) => ({
    approvalThreshold: (await setApprovalThreshold(deps.db, deps.clock, operator, wei(input.amount))).toString(),
  }),
});
