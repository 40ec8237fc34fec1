import { type Address, getAddress, isAddress } from 'viem';

export type ReceiverCheck = { ok: true; address: Address } | { ok: false; reason: 'required' | 'invalid' | 'self' };

/**
 * A typed receiver address: trimmed, required, a valid address (any case; a mixed-case one must carry a
 * correct checksum), never the sender's own. The address to send is in checksum form.
 */
export function checkReceiver(input: string, own: string | undefined): ReceiverCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'required' };
  if (!isAddress(text, { strict: true })) return { ok: false, reason: 'invalid' };
  const address = getAddress(text);
  if (own && isAddress(own, { strict: false }) && getAddress(own) === address) return { ok: false, reason: 'self' };
  return { ok: true, address };
}
