import { getAddress } from 'viem';
import type * as R from '../../../lib/console-api/replies';
import { auditPage } from '../../operators/audit';
import { type Operator, addOperator, listOperators, removeOperator, setOperatorRoles } from '../../operators/operators';
import { section } from './handler';

const operatorRow = (o: Operator): R.OperatorRow => ({ address: o.address, roles: o.roles, note: o.note, active: o.active, addedAt: o.addedAt.toISOString(), addedBy: o.addedBy });

/** Operators and their roles, and the audit log (read-only). */
export const operatorHandlers = section({
  operators: async ({ deps }) => (await listOperators(deps.db)).map(operatorRow),
  addOperator: async ({ deps, input, operator }) => operatorRow(await addOperator(deps.db, deps.clock, operator, { address: input.address, roles: input.roles, note: input.note })),
  removeOperator: async ({ deps, input, operator }) => operatorRow(await removeOperator(deps.db, deps.clock, operator, input.address)),
  setOperatorRoles: async ({ deps, input, operator }) => operatorRow(await setOperatorRoles(deps.db, deps.clock, operator, input.address, input.roles)),

  audit: async ({ deps, input }) => {
    const { items, total } = await auditPage(deps.db, {
      page: input.page, limit: input.limit, operator: input.operator ? getAddress(input.operator) : undefined, action: input.action, target: input.target,
      from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined,
    });
    return { items: items.map((r) => ({ id: String(r.id), at: r.at.toISOString(), operator: r.operator, action: r.action, target: r.target, before: r.before, after: r.after })), total, page: input.page, limit: input.limit };
  },
});
