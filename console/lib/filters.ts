import { parseAddress } from '../../lib/address';

/** An address typed into a filter: the address when it is one (any case, or a right checksum), else no filter. */
export function addressFilter(text: string): string | undefined {
  const parsed = parseAddress(text, { zero: 'allow' });
  return parsed.ok ? parsed.address : undefined;
}
