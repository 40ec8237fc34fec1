import { getAddress, isAddress, isAddressEqual, parseEther, zeroAddress } from 'viem';
import { parseAmount } from './money';

/** A checked field of the contract-management page: the value, or the message key to show (spec section 5). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A fee above this (0.01 ETH, ten times the local default) is confirmed by the owner before the wallet opens:
 * every member pays it on each recharge, withdrawal and transfer, so an extra digit costs them all.
 */
export const FEE_CONFIRM_ABOVE = parseEther('0.01');

/** Trimmed, required, a valid address (any case; a mixed-case one must carry a correct checksum), checksummed. */
const address = (input: string, required: string): Checked<`0x${string}`> => {
  const text = input.trim();
  if (!text) return { ok: false, message: required };
  if (!isAddress(text, { strict: true })) return { ok: false, message: 'errors.invalidAddress' };
  return { ok: true, value: getAddress(text) };
};

/** The new permission (owner) address: a valid address, neither the zero address nor the current owner. */
export function checkNewOwner(input: string, owner: string | undefined): Checked<`0x${string}`> {
  const checked = address(input, 'validation.newPermissionAddress');
  if (!checked.ok) return checked;
  if (checked.value === zeroAddress) return { ok: false, message: 'manager.zeroOwner' };
  if (owner && isAddress(owner, { strict: false }) && isAddressEqual(owner, checked.value)) return { ok: false, message: 'manager.sameOwner' };
  return checked;
}

/** True when the address typed again in the confirm sheet is the new owner's (case aside). */
export function confirmsOwner(typed: string, expected: `0x${string}`): boolean {
  const text = typed.trim();
  return isAddress(text, { strict: false }) && isAddressEqual(text, expected);
}

/** A receiving address to add: a valid, non-zero address that is not in the list already. */
export function checkReceiver(input: string, receivers: readonly string[]): Checked<`0x${string}`> {
  const checked = address(input, 'validation.receivingAddress');
  if (!checked.ok) return checked;
  if (checked.value === zeroAddress) return { ok: false, message: 'errors.invalidAddress' };
  if (receivers.some((r) => isAddress(r, { strict: false }) && isAddressEqual(r, checked.value))) return { ok: false, message: 'errors.receiverExists' };
  return checked;
}

/** The ETH fee in ETH (0 allowed: no fee), at most 18 decimals, to wei. */
export function checkFee(input: string): Checked<bigint> {
  const parsed = parseAmount(input, 18, { allowZero: true });
  if (parsed.ok) return parsed;
  return { ok: false, message: parsed.reason === 'required' ? 'validation.feeAmount' : 'manager.feeInvalid' };
}

/** A fee the owner must confirm before the wallet opens (above FEE_CONFIRM_ABOVE). */
export const feeNeedsConfirmation = (wei: bigint) => wei > FEE_CONFIRM_ABOVE;

/** The Vault's owner-only actions are refused before the wallet opens when the connected account is not the owner. */
export const isOwner = (account: string | undefined, owner: string | undefined) =>
  Boolean(account && owner && account.toLowerCase() === owner.toLowerCase());
