import { getAddress } from 'viem';
import type * as R from '../../../lib/console-api/replies';
import {
  type AdminGrant,
  type OperatorChange,
  addOperatorByAdmin,
  cancelAdminGrant,
  confirmAdminGrant,
  pendingAdminGrants,
  setOperatorRolesByAdmin,
} from '../../operators/admin-grants';
import { auditPage } from '../../operators/audit';
import { auditScope } from '../../operators/audit-scope';
import { setOperatorEmail } from '../../operators/operator-email';
import { type Operator, listOperators, removeOperator } from '../../operators/operators';
import { id, iso, section } from './handler';

const operatorRow = (o: Operator): R.OperatorRow => ({
  address: o.address,
  roles: o.roles,
  note: o.note,
  active: o.active,
  addedAt: o.addedAt.toISOString(),
  addedBy: o.addedBy,
  email: o.email,
});
const grantRow = (g: AdminGrant): R.AdminGrant => ({
  id: String(g.id),
  kind: g.kind,
  address: g.address,
  roles: g.roles,
  note: g.note,
  proposedBy: g.proposedBy,
  proposedAt: g.proposedAt.toISOString(),
  status: g.status,
  decidedBy: g.decidedBy,
  decidedAt: iso(g.decidedAt),
});
const changeReply = (c: OperatorChange): R.OperatorChange =>
  c.outcome === 'done' ? { outcome: 'done', operator: operatorRow(c.operator) } : { outcome: 'pending', grant: grantRow(c.grant) };

/** Operators and their roles (making an admin takes a second admin), and the audit log (read-only, by role). */
export const operatorHandlers = section({
  operators: async ({ deps }) => (await listOperators(deps.db)).map(operatorRow),
  addOperator: async ({ deps, input, operator }) =>
    changeReply(await addOperatorByAdmin(deps.db, deps.clock, operator, { address: input.address, roles: input.roles, note: input.note })),
  removeOperator: async ({ deps, input, operator }) => operatorRow(await removeOperator(deps.db, deps.clock, operator, input.address)),
  setOperatorRoles: async ({ deps, input, operator }) => changeReply(await setOperatorRolesByAdmin(deps.db, deps.clock, operator, input.address, input.roles)),
  setOperatorEmail: async ({ deps, input, operator }) => operatorRow(await setOperatorEmail(deps.db, deps.clock, operator, input.address, input.email)),
  adminGrants: async ({ deps }) => (await pendingAdminGrants(deps.db)).map(grantRow),
  confirmAdminGrant: async ({ deps, input, operator }) => {
    const r = await confirmAdminGrant(deps.db, deps.clock, operator, id(input.id));
    return { grant: grantRow(r.grant), operator: operatorRow(r.operator) };
  },
  cancelAdminGrant: async ({ deps, input, operator }) => grantRow(await cancelAdminGrant(deps.db, deps.clock, operator, id(input.id))),

  audit: async ({ deps, input, session }) => {
    const { items, total } = await auditPage(
      deps.db,
      {
        page: input.page,
        limit: input.limit,
        operator: input.operator ? getAddress(input.operator) : undefined,
        action: input.action,
        target: input.target,
        from: input.from ? new Date(input.from) : undefined,
        to: input.to ? new Date(input.to) : undefined,
      },
      auditScope(session!.operator.roles, session!.operator.address),
    );
    return {
      items: items.map((r) => ({
        id: String(r.id),
        at: r.at.toISOString(),
        operator: r.operator,
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
      })),
      total,
      page: input.page,
      limit: input.limit,
    };
  },
});
