import { ADDRESS_FORMS, type AddressForm, shortenAddress } from '../../lib/address-text';
import { baseUnitsOf, formatAmount, formatFee } from '../../lib/money';
import { formatUtcMinute } from '../../lib/time';

/** WLD base units (a decimal string) as the members' app shows them: two decimals, rounded down. */
export function wld(base: string | null | undefined): string {
  const value = baseUnitsOf(base);
  return value === undefined ? '—' : `${formatAmount(value)} WLD`;
}

/** ETH in wei (a decimal string), such as the Vault's fee on a request: up to 6 decimals. */
export function eth(wei: string | null | undefined): string {
  const value = baseUnitsOf(wei);
  return value === undefined || value < 0n ? '—' : `${formatFee(value)} ETH`;
}

/** An ISO time as UTC, to the minute: "2026-11-26 05:40". */
export function utc(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatUtcMinute(d);
}

/** An address or a hash in one of lib/'s forms (the console's tables' by default), '—' when there is none. */
export function short(hex: string | null | undefined, form: AddressForm = ADDRESS_FORMS.table): string {
  return hex ? shortenAddress(hex, form) : '—';
}

/** The number of pages for a Page<T> reply. */
export const pageCount = (p: { total: number; limit: number }) => Math.max(1, Math.ceil(p.total / p.limit));
