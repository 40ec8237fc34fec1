import { z } from 'zod';
import { parseAddress } from '../address';
import { type AmountBounds, amountProblemText, parseAmount } from '../money';

/** Field rules shared by the input schemas (and the server's own parsers): every value arrives as a string. */
export const field = {
  /** A row id: a positive int4, as the columns hold (a larger one would reach SQL as an error). */
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .refine((v) => Number(v) <= 2_147_483_647),
  nonce: z.string().regex(/^[0-9a-f]{32}$/),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
  /** An address as sent (untrimmed, the zero address allowed), lower case or EIP-55 (lib/address.ts parseAddress). */
  address: z.string().refine((v) => v === v.trim() && parseAddress(v, { zero: 'allow' }).ok),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  /**
   * A decimal amount within its use's bounds (lib/money.ts AMOUNT_BOUNDS), to base units; a refusal says what
   * was wrong in English after `hint` (operator commands read it).
   */
  amount: (bounds: AmountBounds, hint: string) =>
    z.string().transform((v, ctx) => {
      const parsed = parseAmount(v, bounds);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: `${hint}: ${amountProblemText(parsed.reason, bounds)}` });
      return z.NEVER;
    }),
  positiveInt: (max: number) =>
    z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(max)),
};
