import type { WalletConfig } from '../../lib/api/replies';
import type { Queryable } from '../db/client';
import { readSettings } from '../settings/settings';

/** The operator's minimum per operation, in WLD base units (settings `min.<operation>`; absent = none). */
export const MIN_KEYS = { recharge: 'min.recharge', withdraw: 'min.withdraw', transfer: 'min.transfer' } as const;
export type Operation = keyof typeof MIN_KEYS;

export async function walletConfig(db: Queryable): Promise<WalletConfig> {
  const stored = await readSettings(db, Object.values(MIN_KEYS));
  const value = (op: Operation) => stored.get(MIN_KEYS[op]) ?? '0';
  return { min_recharge: value('recharge'), min_withdraw: value('withdraw'), min_transfer: value('transfer') };
}

export async function minimumFor(db: Queryable, op: Operation): Promise<bigint> {
  return BigInt((await walletConfig(db))[`min_${op}`]);
}
