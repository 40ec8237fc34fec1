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

export { ADDRESS_FORMS, type AddressForm, isMaskOf, maskAddress, sameAddress, shortenAddress } from './address-text';
