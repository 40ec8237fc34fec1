import { z } from 'zod';

/** Field rules shared by the input schemas (and the server's own parsers): every value arrives as a string. */
export const field = {
  /** A row id: a positive int4, as the columns hold (a larger one would reach SQL as an error). */
  id: z.string().regex(/^[1-9]\d{0,9}$/).refine((v) => Number(v) <= 2_147_483_647),
  nonce: z.string().regex(/^[0-9a-f]{32}$/),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  positiveInt: (max: number) => z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1).max(max)),
};
