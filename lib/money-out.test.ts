import { parseEther, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { REQUEST_GAS_BUDGET, moneyOutShortfall } from './money-out';

const funds = {
  amount: parseEther('100'),
  balance: parseEther('500'),
  minimum: parseEther('10'),
  eth: parseEther('1'),
  fee: parseEther('0.001'),
  gasPrice: parseGwei('20'),
};

describe('withdraw and transfer preflight', () => {
  it('passes an amount within the balance, above the minimum, with ETH for the fee and gas', () => {
    expect(moneyOutShortfall(funds)).toBeNull();
  });
  it('stops an amount above the in-app balance, to the wei', () => {
    expect(moneyOutShortfall({ ...funds, amount: funds.balance })).toBeNull();
    expect(moneyOutShortfall({ ...funds, amount: funds.balance + 1n })).toBe('insufficientBalance');
    expect(moneyOutShortfall({ ...funds, balance: 0n })).toBe('insufficientBalance');
  });
  it('stops an amount below the minimum, and has no minimum when it is 0', () => {
    expect(moneyOutShortfall({ ...funds, amount: funds.minimum })).toBeNull();
    expect(moneyOutShortfall({ ...funds, amount: funds.minimum - 1n })).toBe('belowMinimum');
    expect(moneyOutShortfall({ ...funds, amount: 1n, minimum: 0n })).toBeNull();
  });
  it('stops a wallet without ETH for the fee plus gas, to the wei', () => {
    const needed = funds.fee + funds.gasPrice * REQUEST_GAS_BUDGET;
    expect(moneyOutShortfall({ ...funds, eth: needed })).toBeNull();
    expect(moneyOutShortfall({ ...funds, eth: needed - 1n })).toBe('notEnoughGas');
  });
  it('reports the balance before the minimum and the minimum before gas', () => {
    expect(moneyOutShortfall({ ...funds, amount: parseEther('600'), minimum: parseEther('1000'), eth: 0n })).toBe('insufficientBalance');
    expect(moneyOutShortfall({ ...funds, amount: 1n, eth: 0n })).toBe('belowMinimum');
  });
});
