import { isMaskOf, parseAddress } from '../address';
import { LOCAL_KEYS } from '../storage-keys';

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

/**
 * The referrer kept from an invite link (lib/auth/intro-link.ts) in checksum form, or null when there is none or
 * it is no address (mixed case with a wrong checksum).
 */
export function storedIntro(storage: Pick<Storage, 'getItem'>): `0x${string}` | null {
  const parsed = parseAddress(storage.getItem(LOCAL_KEYS.intro) ?? '');
  return parsed.ok ? parsed.address : null;
}
