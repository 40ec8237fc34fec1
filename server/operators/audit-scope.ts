import { type ConsoleEndpointName, consoleEndpoints, rolesAllowed } from '../../lib/console-api/contract';
import type { Role } from '../../lib/console-api/inputs';

/** Which audit rows an operator reads: all of them (admin), or these actions and their own rows of `ownActions`. */
export type AuditScope = { all: true } | { all: false; actions: string[]; operator: string; ownActions: readonly string[] };

/** The actions the domains write under names of their own (recordAudit), each with the endpoint it belongs to. */
const DOMAIN_ACTIONS: Record<string, ConsoleEndpointName> = {
  'withdrawal.approve': 'approveWithdrawal',
  'settings.approvalThreshold': 'setApprovalThreshold',
  'settings.coverageThreshold': 'setCoverageThreshold',
  'operator.email': 'setOperatorEmail',
  'operator.add': 'addOperator',
  'operator.roles': 'setOperatorRoles',
  'operator.remove': 'removeOperator',
  'operator.adminGrant.propose': 'addOperator',
  'operator.adminGrant.confirm': 'confirmAdminGrant',
  'operator.adminGrant.cancel': 'cancelAdminGrant',
};
/** Sign-ins: each operator reads their own. */
const OWN_ACTIONS = ['login', 'logout'] as const;
/** Roles that read an endpoint's rows besides those that call it: the threshold sets how many approvals an auditor gives. */
const ALSO_READ_BY: Partial<Record<ConsoleEndpointName, readonly Role[]>> = { setApprovalThreshold: ['auditor'] };

/** The endpoint an audit action belongs to (its own name, or the domain's name for it), if any: the CLI's and sign-ins' have none. */
export function endpointOfAction(action: string): ConsoleEndpointName | undefined {
  if (Object.hasOwn(DOMAIN_ACTIONS, action)) return DOMAIN_ACTIONS[action];
  return Object.hasOwn(consoleEndpoints, action) && !(OWN_ACTIONS as readonly string[]).includes(action) ? (action as ConsoleEndpointName) : undefined;
}

/** Sign-ins: each operator reads their own. */
export const isSignIn = (action: string) => (OWN_ACTIONS as readonly string[]).includes(action);

const readsEndpoint = (name: ConsoleEndpointName, roles: readonly Role[]) =>
  rolesAllowed(consoleEndpoints[name], roles) || (ALSO_READ_BY[name] ?? []).some((r) => roles.includes(r));

/**
 * The audit an operator may read: the rows of every action of an endpoint their roles may call (the console
 * contract's access lists; an endpoint's action is its name, or the domain's name for it above), plus their own
 * sign-ins; an admin reads all, the CLI's rows (`cli:…`) included.
 */
export function auditScope(roles: readonly Role[], operator: string): AuditScope {
  if (roles.includes('admin')) return { all: true };
  const own: readonly string[] = OWN_ACTIONS;
  const endpoints = (Object.keys(consoleEndpoints) as ConsoleEndpointName[]).filter(
    (n) => consoleEndpoints[n].writes && !own.includes(n) && readsEndpoint(n, roles),
  );
  const domain = Object.entries(DOMAIN_ACTIONS)
    .filter(([, n]) => readsEndpoint(n, roles))
    .map(([action]) => action);
  return { all: false, actions: [...endpoints, ...domain], operator, ownActions: OWN_ACTIONS };
}
