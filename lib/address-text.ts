// The address helpers that only look at the text, without viem: the header shows the connected address on the
// first screen, and importing them from lib/address (viem's checksum, keccak's tables built at import) put that
// code into Home's first tasks. lib/address re-exports them.

/** The same address, case aside: both are 0x and 40 hex digits and differ in case at most. */
export function sameAddress(a: string | undefined, b: string | undefined): boolean {
  const hex = /^0x[0-9a-fA-F]{40}$/;
  return Boolean(a && b && hex.test(a) && hex.test(b) && a.toLowerCase() === b.toLowerCase());
}

/** How a shortened address (or hash) reads: its first `head` and last `tail` characters with `gap` between. */
export type AddressForm = { head: number; tail: number; gap: string };

/** Every place that shortens an address for people, named once. */
export const ADDRESS_FORMS = {
  /** The spec's header form (first 4 and last 4, '...' between): the header, records, mail, toasts, the console's sign-in. */
  header: { head: 4, tail: 4, gap: '...' },
  /** The spec's masked referrer in the bind-inviter field, and the team and reward lists the server sends. */
  masked: { head: 10, tail: 10, gap: '......' },
  /** The console's tables: '0x1234…5678'. */
  table: { head: 6, tail: 4, gap: '…' },
  /** A transaction hash in the console's tables and details. */
  hash: { head: 10, tail: 4, gap: '…' },
  /** A payout's hash on a compact withdrawal row in the console. */
  compactHash: { head: 8, tail: 4, gap: '…' },
  /** The founder application's choice of a receiving address. */
  receiverChoice: { head: 12, tail: 10, gap: '…' },
  /** The receiving address of the founder application's payment found on chain. */
  receiverFound: { head: 8, tail: 6, gap: '…' },
} as const satisfies Record<string, AddressForm>;

/** The one address shortener: an address in one of ADDRESS_FORMS (the header's by default); a short text stays whole. */
export function shortenAddress(address: string, { head, tail, gap }: AddressForm = ADDRESS_FORMS.header): string {
  if (address.length <= head + tail + gap.length) return address;
  return `${address.slice(0, head)}${gap}${address.slice(-tail)}`;
}

/** The bind-inviter field's masked form of a stored referrer: first 10 characters, dots, last 10. */
export function maskAddress(address: string): string {
  return shortenAddress(address, ADDRESS_FORMS.masked);
}

/** True when a field still shows the masked form of the stored referrer (so the full one is sent). */
export function isMaskOf(value: string, address: string): boolean {
  const masked = maskAddress(address);
  return masked !== address && value.trim() === masked;
}
