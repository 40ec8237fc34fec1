import { z } from 'zod';
import { field } from '../../lib/api/fields';

/** A row id in an operator command: a positive int4 as the columns hold (lib/api/fields.ts), named in the refusal. */
export const opId = (what: string) => z.string().refine((v) => field.id.safeParse(v).success, `${what} (1 to 2147483647)`).transform(Number);
