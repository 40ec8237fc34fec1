// The address helpers that only look at the text, without viem: the header shows the connected address on the
// first screen, and importing them from lib/address (viem's checksum, keccak's tables built at import) put that
// code into Home's first tasks. lib/address re-exports them.

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
