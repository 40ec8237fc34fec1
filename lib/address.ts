import { type Address, getAddress, isAddress, zeroAddress } from 'viem';

export type AddressProblem = 'required' | 'invalid' | 'zero';
export type AddressCheck = { ok: true; address: Address } | { ok: false; reason: AddressProblem };

/**
 * The one parser of a typed or received address: trimmed, required, 0x and 40 hex digits, in lower case or
 * with a correct EIP-55 checksum (mixed case with a wrong one is a typo); returned in checksum form. The
 * zero address only with `zero: 'allow'` (the default refuses it: nobody can act as it).
 */
export function parseAddress(input: string, { zero = 'refuse' }: { zero?: 'allow' | 'refuse' } = {}): AddressCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'required' };
  if (!isAddress(text, { strict: true })) return { ok: false, reason: 'invalid' };
  const address = getAddress(text);
  if (zero === 'refuse' && address === zeroAddress) return { ok: false, reason: 'zero' };
  return { ok: true, address };
}

/** The same address, case aside: both are 0x and 40 hex digits and differ in case at most. */
export function sameAddress(a: string | undefined, b: string | undefined): boolean {
  const hex = /^0x[0-9a-fA-F]{40}$/;
  return Boolean(a && b && hex.test(a) && hex.test(b) && a.toLowerCase() === b.toLowerCase());
}

/** Header form of an address: first 4 and last 4 characters with '...' between. */
export function shortenAddress(address: string): string {
  if (address.length <= 11) return address;
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

const MASK_DOTS = '......';

/** The bind-inviter field's masked form of a stored referrer: first 10 characters, dots, last 10. */
export function maskAddress(address: string): string {
  if (address.length <= 20) return address;
  return `${address.slice(0, 10)}${MASK_DOTS}${address.slice(-10)}`;
}

/** True when a field still shows the masked form of the stored referrer (so the full one is sent). */
export function isMaskOf(value: string, address: string): boolean {
  return address.length > 20 && value.trim() === maskAddress(address);
}
