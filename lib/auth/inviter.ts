import { getAddress, isAddress } from 'viem';
import { isMaskOf } from '../address';

export type InviterResult = { ok: true; address: `0x${string}` } | { ok: false; reason: 'required' | 'invalidAddress' };

/**
 * The bind-inviter field: required and trimmed; when it still shows the masked stored referrer, the stored
 * full address is used; the result is checksummed.
 */
export function resolveInviter(input: string, storedIntro: string | null): InviterResult {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'required' };
  const candidate = storedIntro && isMaskOf(value, storedIntro) ? storedIntro : value;
  if (!isAddress(candidate, { strict: false })) return { ok: false, reason: 'invalidAddress' };
  return { ok: true, address: getAddress(candidate) };
}

/** The referrer from an invite link (#/?intro=0x…), when it is an address. */
export function introFromSearch(search: string): string | null {
  const intro = new URLSearchParams(search).get('intro')?.trim();
  return intro && isAddress(intro, { strict: false }) ? getAddress(intro) : null;
}
