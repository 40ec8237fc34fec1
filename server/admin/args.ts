import { z } from 'zod';
import { field } from '../../lib/api/fields';
import { parseAddress } from '../../lib/address';
import { AMOUNT_BOUNDS } from '../../lib/money';

/** A row id in an operator command: a positive int4 as the columns hold (lib/api/fields.ts), named in the refusal. */
export const opId = (what: string) =>
  z
    .string()
    .refine((v) => field.id.safeParse(v).success, `${what} (1 to 2147483647)`)
    .transform(Number);

/** An address in an operator command (lib/address.ts parseAddress, the zero address refused), checksummed. */
export const opAddress = z.string().transform((v, ctx) => {
  const parsed = parseAddress(v);
  if (parsed.ok) return parsed.address;
  ctx.addIssue({ code: 'custom', message: `not an address: ${v}` });
  return z.NEVER;
});

/** An operator's WLD setting (a minimum, the community amount): AMOUNT_BOUNDS.setting, as base units in a string. */
export const opWldSetting = field.amount(AMOUNT_BOUNDS.setting, 'an amount of WLD such as 100 or 0.5').transform(String);
