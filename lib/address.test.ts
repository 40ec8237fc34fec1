import { describe, expect, it } from 'vitest';
import { isMaskOf, maskAddress, shortenAddress } from './address';

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
});
