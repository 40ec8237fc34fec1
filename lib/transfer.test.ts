import { describe, expect, it } from 'vitest';
import { checkReceiver } from './transfer';

const own = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('checkReceiver', () => {
  it('requires an address', () => {
    expect(checkReceiver('   ', own)).toEqual({ ok: false, reason: 'required' });
  });
  it('trims and checksums a valid address, in any single case', () => {
    expect(checkReceiver(`  ${other.toLowerCase()} `, own)).toEqual({ ok: true, address: other });
    expect(checkReceiver(other, own)).toEqual({ ok: true, address: other });
  });
  it('refuses what is not an address, or a mixed-case one with a wrong checksum', () => {
    expect(checkReceiver('0x1234', own)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkReceiver('hello', own)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkReceiver(`0x${'0'.repeat(40)}`, own)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkReceiver(other.replace('C51812', 'c51812'), own)).toEqual({ ok: false, reason: 'invalid' });
  });
  it("refuses the sender's own address, whatever its case", () => {
    expect(checkReceiver(own.toLowerCase(), own)).toEqual({ ok: false, reason: 'self' });
    expect(checkReceiver(own, own.toLowerCase())).toEqual({ ok: false, reason: 'self' });
  });
});
