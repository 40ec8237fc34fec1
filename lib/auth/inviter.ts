import { isMaskOf, parseAddress } from '../address';

export type InviterResult = { ok: true; address: `0x${string}` } | { ok: false; reason: 'required' | 'invalidAddress' };

/**
 * The bind-inviter field: required and trimmed; when it still shows the masked stored referrer, the stored
 * full address is used; the result is checksummed (lib/address.ts parseAddress).
 */
export function resolveInviter(input: string, storedIntro: string | null): InviterResult {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'required' };
  const parsed = parseAddress(storedIntro && isMaskOf(value, storedIntro) ? storedIntro : value);
  return parsed.ok ? parsed : { ok: false, reason: 'invalidAddress' };
}

/** The referrer from an invite link (#/?intro=0x…), when it is an address. */
export function introFromSearch(search: string): string | null {
  const parsed = parseAddress(new URLSearchParams(search).get('intro') ?? '');
  return parsed.ok ? parsed.address : null;
}
