import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { putSetting } from '../settings/settings';
import { decide, listApplications } from '../community/applications';
import type { PaymentChain } from '../community/payment';
import { APPLY_RULES, COMMUNITY_KEYS, communitySettings } from '../community/rules';
import { unmatchedPayments } from '../community/unused-payments';
import { opId, opWldSetting } from './args';

const id = opId('an application id');

const describeSettings = async (db: Db) => {
  const s = await communitySettings(db);
  return { rule: s.rule, amount: s.amount.toString() };
};
const put = putSetting;

/** Operator commands for community applications (docs/community.md). */
export const COMMUNITY_OPS = {
  'community.config': { args: z.tuple([]), run: async (db: Db) => describeSettings(db) },
  'community.rule': {
    args: z.tuple([z.enum(APPLY_RULES, `one of ${APPLY_RULES.join(', ')}`)]),
    run: async (db: Db, [rule]: [string]) => (await put(db, COMMUNITY_KEYS.rule, rule), describeSettings(db)),
  },
  'community.amount': {
    args: z.tuple([opWldSetting]),
    run: async (db: Db, [amount]: [string]) => (await put(db, COMMUNITY_KEYS.amount, amount), describeSettings(db)),
  },
  'applications.list': {
    args: z.union([z.tuple([]), z.tuple([z.enum(['pending', 'approved', 'rejected'])])]),
    run: async (db: Db, [status]: [('pending' | 'approved' | 'rejected')?]) => listApplications(db, status),
  },
  // Read from the chain: transfers to a receiving address that no application carries (docs/community.md).
  'community.payments.unmatched': {
    args: z.tuple([]),
    run: async (db: Db, _args: [], _clock: Clock, chain?: PaymentChain) => unmatchedPayments(db, chain),
  },
  'application.approve': {
    args: z.tuple([id]),
    run: async (db: Db, [appId]: [number], clock: Clock) => decide(db, appId, { approve: true }, clock.now()),
  },
  'application.reject': {
    args: z
      .tuple([id])
      .rest(z.string())
      .refine((a) => a.length > 1, 'a reason'),
    run: async (db: Db, [appId, ...reason]: [number, ...string[]], clock: Clock) =>
      decide(db, appId, { approve: false, reason: reason.join(' ') }, clock.now()),
  },
} as const;
