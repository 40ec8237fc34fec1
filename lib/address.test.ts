import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { ADDRESS_FORMS, isMaskOf, maskAddress, parseAddress, sameAddress, shortenAddress } from './address';

const addr = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('address display', () => {
  it('shortens to the first 4 and last 4 characters', () => {
    expect(shortenAddress(addr)).toBe('0x70...79C8');
  });
  it('leaves short strings alone', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
  it('masks to the first 10 and last 10 characters with dots between', () => {
    expect(maskAddress(addr)).toBe('0x70997970......0d17dc79C8');
  });
  it('recognises the masked value of the stored referrer, not another one', () => {
    expect(isMaskOf(' 0x70997970......0d17dc79C8 ', addr)).toBe(true);
    expect(isMaskOf('0x70997970......0d17dc79C9', addr)).toBe(false);
    expect(isMaskOf(addr, addr)).toBe(false);
  });
  it('reads every named form the same as the place that shortened it by hand before', () => {
    const hash = '0x9c1e7f0b5a3d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e';
    expect(shortenAddress(addr, ADDRESS_FORMS.table)).toBe('0x7099…79C8');
    expect(shortenAddress(hash, ADDRESS_FORMS.hash)).toBe('0x9c1e7f0b…0d1e');
    expect(shortenAddress(hash, ADDRESS_FORMS.compactHash)).toBe('0x9c1e7f…0d1e');
    expect(shortenAddress(addr, ADDRESS_FORMS.receiverChoice)).toBe('0x70997970C5…0d17dc79C8');
    expect(shortenAddress(addr, ADDRESS_FORMS.receiverFound)).toBe('0x709979…dc79C8');
    expect(shortenAddress(addr, ADDRESS_FORMS.masked)).toBe(maskAddress(addr));
  });
});

describe('parseAddress', () => {
  it('trims and checksums an address in lower case or with its checksum', () => {
    expect(parseAddress(`  ${addr.toLowerCase()} `)).toEqual({ ok: true, address: addr });
    expect(parseAddress(addr)).toEqual({ ok: true, address: addr });
  });
  it('requires one', () => {
    expect(parseAddress('')).toEqual({ ok: false, reason: 'required' });
    expect(parseAddress('  ')).toEqual({ ok: false, reason: 'required' });
  });
  it('refuses a wrong checksum, a wrong length, no 0x, non-hex and inner spaces', () => {
    for (const text of [
      addr.replace('C51812', 'c51812'),
      addr.slice(0, -1),
      addr + '0',
      addr.slice(2),
      addr.replace('0x', '0X'),
      `0x${'g'.repeat(40)}`,
      `${addr.slice(0, 20)} ${addr.slice(20)}`,
    ]) {
      expect(parseAddress(text), text).toEqual({ ok: false, reason: 'invalid' });
    }
  });
  it('refuses the zero address unless allowed', () => {
    expect(parseAddress(zeroAddress)).toEqual({ ok: false, reason: 'zero' });
    expect(parseAddress(zeroAddress, { zero: 'allow' })).toEqual({ ok: true, address: zeroAddress });
  });
  it('compares addresses case aside, never a non-address', () => {
    expect(sameAddress(addr, addr.toLowerCase())).toBe(true);
    expect(sameAddress(addr, zeroAddress)).toBe(false);
    expect(sameAddress(undefined, addr)).toBe(false);
    expect(sameAddress('0x12', '0x12')).toBe(false);
  });
});
