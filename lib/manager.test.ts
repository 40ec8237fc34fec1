import { parseEther, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { FEE_CONFIRM_ABOVE, checkFee, checkNewOwner, checkReceiver, confirmsOwner, feeNeedsConfirmation, isOwner, receiverRemovalMessage } from './manager';

const A = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const CHECKSUMMED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('new owner', () => {
  it('asks for the new permission address when empty', () => {
    expect(checkNewOwner('  ', OWNER)).toEqual({ ok: false, message: 'validation.newPermissionAddress' });
  });
  it('refuses a malformed address and a mixed-case one whose checksum is wrong (a typo)', () => {
    expect(checkNewOwner('0x1234', OWNER)).toEqual({ ok: false, message: 'errors.invalidAddress' });
    expect(checkNewOwner(CHECKSUMMED.replace('F79', 'F7A'), OWNER)).toEqual({ ok: false, message: 'errors.invalidAddress' });
  });
  it('refuses the zero address with its own message', () => {
    expect(checkNewOwner(zeroAddress, OWNER)).toEqual({ ok: false, message: 'manager.zeroOwner' });
  });
  it('refuses the current owner, whatever the case', () => {
    expect(checkNewOwner(OWNER.toLowerCase(), OWNER)).toEqual({ ok: false, message: 'manager.sameOwner' });
    expect(checkNewOwner(` ${OWNER} `, OWNER.toLowerCase())).toEqual({ ok: false, message: 'manager.sameOwner' });
  });
  it('accepts another address, trimmed and checksummed', () => {
    expect(checkNewOwner(` ${A} `, OWNER)).toEqual({ ok: true, value: CHECKSUMMED });
  });
});

describe('the confirm sheet', () => {
  it('confirms only the same address typed again (case aside)', () => {
    expect(confirmsOwner(` ${A} `, CHECKSUMMED)).toBe(true);
    expect(confirmsOwner(CHECKSUMMED, CHECKSUMMED)).toBe(true);
    expect(confirmsOwner(A.slice(0, -1), CHECKSUMMED)).toBe(false);
    expect(confirmsOwner(`${A.slice(0, -1)}7`, CHECKSUMMED)).toBe(false);
    expect(confirmsOwner('', CHECKSUMMED)).toBe(false);
  });
});

describe('receiving address', () => {
  it('asks for the receiving address when empty and refuses a malformed or zero one', () => {
    expect(checkReceiver('', [])).toEqual({ ok: false, message: 'validation.receivingAddress' });
    expect(checkReceiver('0x1234', [])).toEqual({ ok: false, message: 'errors.invalidAddress' });
    expect(checkReceiver(zeroAddress, [])).toEqual({ ok: false, message: 'errors.invalidAddress' });
  });
  it('refuses an address already in the list, whatever the case', () => {
    expect(checkReceiver(A, [OWNER, CHECKSUMMED])).toEqual({ ok: false, message: 'errors.receiverExists' });
    expect(checkReceiver(CHECKSUMMED, [A])).toEqual({ ok: false, message: 'errors.receiverExists' });
  });
  it('trims and checksums a new address', () => {
    expect(checkReceiver(` ${A} `, [OWNER])).toEqual({ ok: true, value: CHECKSUMMED });
  });
});

describe('fee', () => {
  it('asks for the fee amount when empty and converts ETH to wei exactly', () => {
    expect(checkFee('')).toEqual({ ok: false, message: 'validation.feeAmount' });
    expect(checkFee('0.002')).toEqual({ ok: true, value: 2_000_000_000_000_000n });
    expect(checkFee('0')).toEqual({ ok: true, value: 0n });
  });
  it('refuses with its message a fee that is not a decimal of at most 18 places', () => {
    for (const text of ['-1', '1e3', '0.0000000000000000001', '1,5', 'abc', '0x10']) {
      expect([text, checkFee(text)]).toEqual([text, { ok: false, message: 'manager.feeInvalid' }]);
    }
  });
  it('asks for confirmation above 0.01 ETH only', () => {
    expect(FEE_CONFIRM_ABOVE).toBe(parseEther('0.01'));
    expect(feeNeedsConfirmation(parseEther('0.01'))).toBe(false);
    expect(feeNeedsConfirmation(parseEther('0.01') + 1n)).toBe(true);
    expect(feeNeedsConfirmation(parseEther('1000000'))).toBe(true);
    expect(feeNeedsConfirmation(0n)).toBe(false);
  });
});

describe('owner', () => {
  it('compares the owner case-insensitively', () => {
    expect(isOwner(A, CHECKSUMMED)).toBe(true);
    expect(isOwner(undefined, CHECKSUMMED)).toBe(false);
    expect(isOwner(A, '0x0000000000000000000000000000000000000001')).toBe(false);
  });
});

describe('receiverRemovalMessage', () => {
  it('warns before the last receiving address is deleted', () => {
    expect(receiverRemovalMessage([A], A.toUpperCase().replace('0X', '0x'))).toBe('manager.deleteLastReceiver');
    expect(receiverRemovalMessage([A, zeroAddress], A)).toBe('manager.deleteReceiver');
  });
});
