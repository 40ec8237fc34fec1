import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { putSetting } from '../settings/settings';
import { ledgerCheck } from '../ledger/checks';
import { MIN_KEYS, walletConfig } from '../ledger/limits';
import { approveWithdrawal, flaggedWithdrawals, pendingWithdrawals, rejectWithdrawal } from '../ledger/withdrawals';
import { opId, opWldSetting } from './args';

const id = opId('a withdrawal id');

/** Operator commands for money out: withdrawal audits and the minimum per operation. */
export const WALLET_OPS = {
  'withdrawals.pending': {
    args: z.tuple([]),
    run: async (db: Db) =>
      (await pendingWithdrawals(db)).map((w) => ({
        id: w.id,
        address: w.address,
        amount: w.amount.toString(),
        fee: w.fee.toString(),
        txHash: w.txHash,
        createdAt: w.createdAt,
      })),
  },
  'withdrawals.flagged': {
    args: z.tuple([]),
    run: async (db: Db) =>
      (await flaggedWithdrawals(db)).map((w) => ({
        id: w.id,
        requestId: w.requestId?.toString() ?? null,
        address: w.address,
        amount: w.amount.toString(),
        status: w.status,
        problem: w.payoutProblem,
        txHash: w.txHash,
        createdAt: w.createdAt,
      })),
  },
  'withdrawal.approve': { args: z.tuple([id]), run: async (db: Db, [w]: [number], clock: Clock) => approveWithdrawal(db, clock, w) },
  'withdrawal.reject': {
    args: z.tuple([id, z.string().trim().min(1, 'a reason')]).rest(z.string()),
    run: async (db: Db, [w, ...words]: [number, ...string[]], clock: Clock) => rejectWithdrawal(db, clock, w, words.join(' ')),
  },
  'wallet.minimum': {
    args: z.tuple([z.enum(['recharge', 'withdraw', 'transfer']), opWldSetting]),
    run: async (db: Db, [op, value]: ['recharge' | 'withdraw' | 'transfer', string]) => {
      await putSetting(db, MIN_KEYS[op], value);
      return walletConfig(db);
    },
  },
  'wallet.config': { args: z.tuple([]), run: async (db: Db) => walletConfig(db) },
  'ledger.check': { args: z.tuple([]), run: async (db: Db) => ledgerCheck(db) },
} as const;
