import { z } from 'zod';
import { ROLES } from '../../lib/console-api/inputs';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { verifyAuditChain } from '../operators/audit-chain';
import { setOperatorEmail } from '../operators/operator-email';
import { addOperator, listOperators, removeOperator, setOperatorRoles } from '../operators/operators';
import { opAddress } from './args';

const roles = z.string().transform((v, ctx) => {
  const list = v
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = list.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (list.length === 0 || unknown.length) {
    ctx.addIssue({ code: 'custom', message: `roles: a comma-separated list of ${ROLES.join(', ')}` });
    return z.NEVER;
  }
  return list as (typeof ROLES)[number][];
});

/**
 * The console's operators from the command line: the admin token adds the first operator; the
 * console's admins add the others. Each change is on the audit log with no operator (the CLI).
 */
export const OPERATOR_OPS = {
  'operators.list': { args: z.tuple([]), run: async (db: Db) => listOperators(db) },
  /** The audit log's hash chain recomputed (npm run audit:verify). */
  'audit.verify': {
    args: z.tuple([]),
    run: async (db: Db) => {
      const { last: _last, ...report } = await verifyAuditChain(db);
      return report;
    },
  },
  'operator.add': {
    // operator.add <address> <role[,role…]> [note…]
    args: z.tuple([opAddress, roles]).rest(z.string()),
    run: async (db: Db, [address, r, ...note]: [`0x${string}`, (typeof ROLES)[number][], ...string[]], clock: Clock) =>
      addOperator(db, clock, null, { address, roles: r, note: note.join(' ') }),
  },
  'operator.roles': {
    args: z.tuple([opAddress, roles]),
    run: async (db: Db, [address, r]: [`0x${string}`, (typeof ROLES)[number][]], clock: Clock) => setOperatorRoles(db, clock, null, address, r),
  },
  'operator.email': {
    // operator.email <address> <email|->: where the operator's alerts go; - removes it
    args: z.tuple([opAddress, z.string().trim().min(1, 'an email address, or - to remove it')]),
    run: async (db: Db, [address, email]: [`0x${string}`, string], clock: Clock) => setOperatorEmail(db, clock, null, address, email === '-' ? null : email),
  },
  'operator.remove': {
    args: z.tuple([opAddress]),
    run: async (db: Db, [address]: [`0x${string}`], clock: Clock) => removeOperator(db, clock, null, address),
  },
} as const;
