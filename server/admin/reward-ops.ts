import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { setFounder } from '../users/founder';
import { changeRule, ruleHistory, rulesNow } from '../rewards/rules';
import { opAddress } from './args';

/** Operator commands for referral rewards and ranks (docs/rewards.md). */
export const REWARD_OPS = {
  'rules.list': {
    args: z.tuple([]),
    run: async (db: Db, _: [], clock: Clock) => rulesNow(db, clock),
  },
  'rule.set': {
    args: z.tuple([z.string().min(1, 'a rule key (rules.list)'), z.string().min(1, 'a value')]),
    run: async (db: Db, [key, value]: [string, string], clock: Clock) => changeRule(db, clock, key, value),
  },
  'rules.history': { args: z.tuple([]), run: async (db: Db) => ruleHistory(db) },
  'user.founder': {
    args: z.tuple([opAddress, z.enum(['on', 'off'])]),
    run: async (db: Db, [a, state]: [`0x${string}`, 'on' | 'off']) => {
      const user = await setFounder(db, { address: a }, state === 'on');
      if (!user) throw new Error(`${a} is not registered`);
      return user;
    },
  },
} as const;
