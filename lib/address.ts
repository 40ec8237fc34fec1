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
