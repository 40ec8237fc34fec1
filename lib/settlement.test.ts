import { describe, expect, it } from 'vitest';
import type { RechargeRecord, TransferRecord, WithdrawRecord } from './api/replies';
import { type Settlement, pollDelays, settlementOf, waitForSettlement } from './settlement';

const HASH = `0x${'ab'.repeat(32)}`;
const OTHER = `0x${'cd'.repeat(32)}`;
const recharge = (tx_hash: string, credited: boolean): RechargeRecord => ({ id: '1', amount: '1', fee: '1', tx_hash, credited, create_time: '0' });
const withdrawal = (status: WithdrawRecord['status'], reason = ''): WithdrawRecord => ({
  id: '1',
  amount: '1',
  address: '0x',
  status,
  fee: '1',
  reason,
  tx_hash: HASH,
  payout_tx_hash: '',
  paid: false,
  create_time: '0',
});
const transfer = (status: TransferRecord['status'], reason = ''): TransferRecord => ({
  id: '1',
  amount: '1',
  fee: '1',
  direction: 'out',
  counterparty: '0x',
  status,
  reason,
  tx_hash: HASH,
  create_time: '0',
});

describe('settlementOf', () => {
  it('waits while only another transaction is credited: a balance going up is not this recharge', () => {
    expect(settlementOf('recharge', [recharge(OTHER, true)], HASH)).toEqual({ state: 'waiting' });
  });

  it('settles a recharge once its own record is credited, matching the hash in any case', () => {
    expect(settlementOf('recharge', [recharge(HASH, false)], HASH)).toEqual({ state: 'waiting' });
    expect(settlementOf('recharge', [recharge(OTHER, true), recharge(HASH.toUpperCase().replace('0X', '0x'), true)], HASH)).toEqual({ state: 'settled' });
  });

  it('settles a withdrawal once held, and reports the ledger refusing it', () => {
    expect(settlementOf('withdraw', [withdrawal('under-review')], HASH)).toEqual({ state: 'settled' });
    expect(settlementOf('withdraw', [withdrawal('failed-insufficient', 'insufficient-balance')], HASH)).toEqual({
      state: 'refused',
      reason: 'insufficient-balance',
    });
  });

  it('settles a transfer once moved, and reports a failed one with its reason', () => {
    expect(settlementOf('transfer', [transfer('done')], HASH)).toEqual({ state: 'settled' });
    expect(settlementOf('transfer', [transfer('failed', 'not-member')], HASH)).toEqual({ state: 'refused', reason: 'not-member' });
    expect(settlementOf('transfer', [], HASH)).toEqual({ state: 'waiting' });
  });
});

describe('pollDelays', () => {
  it('grows by half each time up to the longest pause and adds up to the bound exactly', () => {
    const delays = pollDelays({ bound: 30_000, first: 1_000, max: 8_000 });
    expect(delays.slice(0, 6)).toEqual([1_000, 1_500, 2_250, 3_375, 5_063, 7_595]);
    expect(delays.slice(6).every((d) => d <= 8_000)).toBe(true);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(30_000);
  });

  it('never pauses past a bound shorter than the first pause', () => {
    expect(pollDelays({ bound: 400, first: 1_000, max: 8_000 })).toEqual([400]);
  });
});

describe('waitForSettlement', () => {
  const run = async (answers: (Settlement | Error)[], delays: number[]) => {
    const slept: number[] = [];
    let looks = 0;
    const outcome = await waitForSettlement(
      async () => {
        const answer = answers[Math.min(looks++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      delays,
      async (ms) => void slept.push(ms),
    );
    return { outcome, slept, looks };
  };

  it('says settled as soon as a look finds it, with no pause more', async () => {
    expect(await run([{ state: 'waiting' }, { state: 'settled' }], [1, 2, 3])).toEqual({ outcome: { state: 'settled' }, slept: [1], looks: 2 });
  });

  it('past the last pause, still waiting is unconfirmed: never settled', async () => {
    expect(await run([{ state: 'waiting' }], [1, 2, 3])).toEqual({ outcome: { state: 'unconfirmed' }, slept: [1, 2, 3], looks: 4 });
  });

  it('a failed look (the network) counts as waiting, and a refusal ends the wait', async () => {
    expect(await run([new Error('offline'), { state: 'refused', reason: 'self' }], [1, 2])).toEqual({
      outcome: { state: 'refused', reason: 'self' },
      slept: [1],
      looks: 2,
    });
  });
});
