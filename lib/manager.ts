import { getAddress, isAddress, parseEther, zeroAddress } from 'viem';

/** A checked field of the contract-management page: the value, or the message key to show (spec section 5). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const address = (input: string, required: string): Checked<`0x${string}`> => {
  const text = input.trim();
  if (!text) return { ok: false, message: required };
  if (!isAddress(text, { strict: false }) || text.toLowerCase() === zeroAddress) return { ok: false, message: 'errors.invalidAddress' };
  return { ok: true, value: getAddress(text) };
};

/** The new permission (owner) address: required, a non-zero address, checksummed. */
export const checkNewOwner = (input: string) => address(input, 'validation.newPermissionAddress');

/** A receiving address to add: required, a non-zero address, checksummed. */
export const checkReceiver = (input: string) => address(input, 'validation.receivingAddress');

/** The ETH fee in ETH (0 allowed: no fee), at most 18 decimals, to wei. */
export function checkFee(input: string): Checked<bigint> {
  const text = input.trim();
  if (!text) return { ok: false, message: 'validation.feeAmount' };
  if (!/^\d{1,12}(\.\d{1,18})?$/.test(text)) return { ok: false, message: 'recharge.invalidAmount' };
  return { ok: true, value: parseEther(text) };
}

/** The Vault's owner-only actions are refused before the wallet opens when the connected account is not the owner. */
export const isOwner = (account: string | undefined, owner: string | undefined) =>
  Boolean(account && owner && account.toLowerCase() === owner.toLowerCase());
