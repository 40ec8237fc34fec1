import { getAddress } from 'viem';

type Place = Pick<Location, 'origin' | 'pathname'>;

/**
 * The invite link: the page's origin and path (so it also works from a sub-path such as an IPFS gateway)
 * plus the hash route `#/?intro=<address>`, the address in checksum form.
 */
export function inviteLink(place: Place, address: string): string {
  return `${place.origin}${place.pathname}#/?intro=${getAddress(address)}`;
}

/** The file name the QR image is saved under: the address's first and last characters, so two saves differ. */
export const inviteQrFileName = (address: string) => `invite-${address.slice(2, 8)}${address.slice(-4)}.png`.toLowerCase();
