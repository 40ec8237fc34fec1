import { parseEther } from 'viem';
import { parseAddress, sameAddress } from './address';
import { AMOUNT_BOUNDS, parseAmount } from './money';

/** A checked field of the contract-management page: the value, or the message key to show (spec section 5). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A fee above this (0.01 ETH, ten times the local default) is confirmed by the owner before the wallet opens:
 * every member pays it on each recharge, withdrawal and transfer, so an extra digit costs them all.
 */
export const FEE_CONFIRM_ABOVE = parseEther('0.01');

/** An address field (lib/address.ts parseAddress), with the message for an empty one and for the zero address. */
function address(input: string, required: string, zero: string): Checked<`0x${string}`> {
  const parsed = parseAddress(input);
  if (parsed.ok) return { ok: true, value: parsed.address };
  return { ok: false, message: parsed.reason === 'required' ? required : parsed.reason === 'zero' ? zero : 'errors.invalidAddress' };
}

/** The new permission (owner) address: a valid address, neither the zero address nor the current owner. */
export function checkNewOwner(input: string, owner: string | undefined): Checked<`0x${string}`> {
  const checked = address(input, 'validation.newPermissionAddress', 'manager.zeroOwner');
  if (checked.ok && sameAddress(owner, checked.value)) return { ok: false, message: 'manager.sameOwner' };
  return checked;
}

/** True when the address typed again in the confirm sheet is the new owner's (case aside). */
export const confirmsOwner = (typed: string, expected: `0x${string}`) => sameAddress(typed.trim(), expected);

/** A receiving address to add: a valid, non-zero address that is not in the list already. */
export function checkReceiver(input: string, receivers: readonly string[]): Checked<`0x${string}`> {
  const checked = address(input, 'validation.receivingAddress', 'errors.invalidAddress');
  if (checked.ok && receivers.some((r) => sameAddress(r, checked.value))) return { ok: false, message: 'errors.receiverExists' };
  return checked;
}

/**
 * What the confirm before deleting a receiving address says: the last one gets a warning, since without a
 * receiving address no community application can be paid.
 */
export const receiverRemovalMessage = (receivers: readonly string[], removed: string) =>
  receivers.filter((r) => !sameAddress(r, removed)).length === 0 ? 'manager.deleteLastReceiver' : 'manager.deleteReceiver';

/** The ETH fee in ETH (0 allowed: no fee), at most 18 decimals, to wei (AMOUNT_BOUNDS.vaultFee). */
export function checkFee(input: string): Checked<bigint> {
  const parsed = parseAmount(input, AMOUNT_BOUNDS.vaultFee);
  if (parsed.ok) return parsed;
  return { ok: false, message: parsed.reason === 'required' ? 'validation.feeAmount' : 'manager.feeInvalid' };
}

/** A fee the owner must confirm before the wallet opens (above FEE_CONFIRM_ABOVE). */
export const feeNeedsConfirmation = (wei: bigint) => wei > FEE_CONFIRM_ABOVE;

/** The Vault's owner-only actions are refused before the wallet opens when the connected account is not the owner. */
export const isOwner = (account: string | undefined, owner: string | undefined) => sameAddress(account, owner);
