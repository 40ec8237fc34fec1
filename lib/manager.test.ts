import { describe, expect, it } from 'vitest';
import { checkFee, checkNewOwner, checkReceiver, isOwner } from './manager';

const A = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const CHECKSUMMED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('contract-management fields', () => {
  it('asks for the new permission address when empty', () => {
    expect(checkNewOwner('  ')).toEqual({ ok: false, message: 'validation.newPermissionAddress' });
  });
  it('asks for the receiving address when empty', () => {
    expect(checkReceiver('')).toEqual({ ok: false, message: 'validation.receivingAddress' });
  });
  it('refuses a malformed or zero address', () => {
    expect(checkReceiver('0x1234')).toEqual({ ok: false, message: 'errors.invalidAddress' });
    expect(checkNewOwner('0x0000000000000000000000000000000000000000')).toEqual({ ok: false, message: 'errors.invalidAddress' });
  });
  it('trims and checksums an address', () => {
    expect(checkReceiver(` ${A} `)).toEqual({ ok: true, value: CHECKSUMMED });
  });
  it('asks for the fee amount when empty and converts ETH to wei exactly', () => {
    expect(checkFee('')).toEqual({ ok: false, message: 'validation.feeAmount' });
    expect(checkFee('0.002')).toEqual({ ok: true, value: 2_000_000_000_000_000n });
    expect(checkFee('0')).toEqual({ ok: true, value: 0n });
  });
  it('refuses a fee that is not a decimal of at most 18 places', () => {
    expect(checkFee('-1').ok).toBe(false);
    expect(checkFee('1e3').ok).toBe(false);
    expect(checkFee('0.0000000000000000001').ok).toBe(false);
  });
  it('compares the owner case-insensitively', () => {
    expect(isOwner(A, CHECKSUMMED)).toBe(true);
    expect(isOwner(undefined, CHECKSUMMED)).toBe(false);
    expect(isOwner(A, '0x0000000000000000000000000000000000000001')).toBe(false);
  });
});
