import type { Address } from 'viem';
import { parseAddress, sameAddress } from './address';

export type ReceiverCheck = { ok: true; address: Address } | { ok: false; reason: 'required' | 'invalid' | 'self' };

/**
 * A typed receiver address (lib/address.ts parseAddress: trimmed, required, checksummed; the zero address is
 * invalid), never the sender's own.
 */
export function checkReceiver(input: string, own: string | undefined): ReceiverCheck {
  const parsed = parseAddress(input);
  if (!parsed.ok) return { ok: false, reason: parsed.reason === 'required' ? 'required' : 'invalid' };
  if (sameAddress(own, parsed.address)) return { ok: false, reason: 'self' };
  return parsed;
}
