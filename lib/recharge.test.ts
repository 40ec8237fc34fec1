import { parseEther, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { RECHARGE_GAS_BUDGET, rechargeShortfall } from './recharge';

const funds = { amount: parseEther('500'), wld: parseEther('999800'), eth: parseEther('1'), fee: parseEther('0.001'), gasPrice: parseGwei('20') };

describe('recharge preflight', () => {
  it('passes a wallet that holds the WLD and the ETH for the fee and gas', () => {
    expect(rechargeShortfall(funds)).toBeNull();
  });
  it('stops an amount above the WLD held (2,000,000 with 999,800 held) before any transaction', () => {
    expect(rechargeShortfall({ ...funds, amount: parseEther('2000000') })).toBe('insufficientBalance');
    expect(rechargeShortfall({ ...funds, amount: 99999999999999999999999999999n * 10n ** 18n })).toBe('insufficientBalance');
  });
  it('stops a wallet without ETH for the fee plus gas, to the wei', () => {
    const needed = funds.fee + funds.gasPrice * RECHARGE_GAS_BUDGET;
    expect(rechargeShortfall({ ...funds, eth: needed })).toBeNull();
    expect(rechargeShortfall({ ...funds, eth: needed - 1n })).toBe('notEnoughGas');
    expect(rechargeShortfall({ ...funds, eth: 0n })).toBe('notEnoughGas');
  });
});
