import { z } from 'zod';
import { COVERAGE_THRESHOLD_HINT, parseCoverageThreshold } from '../../lib/coverage';
import type { Clock } from '../clock';
import type { PaymentChain } from '../community/payment';
import type { Db } from '../db/client';
import { setCoverageThreshold } from '../operators/reserve-threshold';
import { reserves } from '../views/reserves';
import { reservesText } from '../views/reserves-text';

const threshold = z.string().transform((v, ctx) => {
  const parsed = parseCoverageThreshold(v);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: `threshold: ${COVERAGE_THRESHOLD_HINT}` });
    return z.NEVER;
  }
  return parsed.value;
});

/** The reserves against what is promised (npm run reserves) and their coverage threshold, from the command line. */
export const RESERVE_OPS = {
  'reserves.read': { args: z.tuple([]), run: async (db: Db, _: [], clock: Clock, chain?: PaymentChain) => reservesText(await reserves(db, clock, chain)) },
  // reserves.threshold <percent|off>: recorded on the audit log by the domain, with no operator (the CLI)
  'reserves.threshold': {
    args: z.tuple([threshold]),
    run: async (db: Db, [percent]: [string | null], clock: Clock) => ({ threshold: await setCoverageThreshold(db, clock, null, percent) }),
  },
} as const;
