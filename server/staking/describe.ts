import { and, eq } from 'drizzle-orm';
import { type Address, formatUnits } from 'viem';
import type { SignedAction } from '../../lib/api/purposes';
import type { Db } from '../db/client';
import { stakes } from './tables';
import { members } from '../users/relations';
import { AppError } from '../errors';
import type { Wording } from '../i18n';
import { trimPercent } from '../../lib/dividend';
import { findLevel, findLevelPeriod } from './levels';

type Fields = Record<string, string>;

const wld = (units: bigint) => formatUnits(units, 18);

/** The stake of this id held by this address ('stakeNotFound' for another member's). */
async function findStake(db: Db, address: Address, id: number) {
  const [row] = await db
    .select({ stake: stakes })
    .from(stakes)
    .innerJoin(members, eq(members.id, stakes.userId))
    .where(and(eq(stakes.id, id), eq(members.address, address)))
    .limit(1);
  if (!row) throw new AppError('stakeNotFound');
  return row.stake;
}

const DESCRIBE: Record<SignedAction, (db: Db, address: Address, f: Fields) => Promise<Wording>> = {
  investSave: async (db, _address, f) => {
    const { level, period } = await findLevelPeriod(db, Number(f.order_id), Number(f.day_id));
    return { key: 'actionStake', params: { amount: wld(level.num), days: String(period.day), scale: trimPercent(period.scale) } };
  },
  investUpgrade: async (db, address, f) => {
    const current = await findStake(db, address, Number(f.pledge_id));
    const level = await findLevel(db, Number(f.order_id));
    if (level.num <= current.amount) throw new AppError('notUpgradable');
    const params = { id: String(current.id), from: wld(current.amount), to: wld(level.num), difference: wld(level.num - current.amount) };
    return { key: 'actionUpgrade', params };
  },
  applyRedeem: async (db, address, f) => {
    const row = await findStake(db, address, Number(f.pledge_id));
    return { key: 'actionApplyRedeem', params: { id: String(row.id), amount: wld(row.amount) } };
  },
  confirmRedeem: async (db, address, f) => {
    const row = await findStake(db, address, Number(f.pledge_id));
    return { key: 'actionConfirmRedeem', params: { id: String(row.id), amount: wld(row.amount) } };
  },
};

/**
 * Words a staking action before it is signed, from the same fields the call will carry (already validated
 * by the action's input schema). Unknown levels, periods or another member's stake fail here, before the
 * wallet is asked for anything. By the asker's address: the session is checked afterwards, with the challenge's
 * insert (auth/service.ts actionChallenge).
 */
export const describeStakingAction = (db: Db, address: Address, action: SignedAction, fields: Fields) => DESCRIBE[action](db, address, fields);
