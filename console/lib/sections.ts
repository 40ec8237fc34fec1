import { type ConsoleEndpoint, consoleEndpoints, rolesAllowed } from '../../lib/console-api/contract';
import type { Role } from '../../lib/console-api/inputs';

/**
 * The console's sections, each shown to the roles that may call its main list (the server's rule in
 * lib/console-api/contract.ts; the server refuses the rest anyway).
 */
export const SECTIONS = [
  { id: 'withdrawals', endpoint: consoleEndpoints.withdrawalQueue },
  { id: 'mail', endpoint: consoleEndpoints.mailInbox },
  { id: 'community', endpoint: consoleEndpoints.applications },
  { id: 'content', endpoint: consoleEndpoints.banners },
  { id: 'rules', endpoint: consoleEndpoints.rules },
  { id: 'members', endpoint: consoleEndpoints.members },
  { id: 'health', endpoint: consoleEndpoints.health },
  { id: 'operators', endpoint: consoleEndpoints.operators },
  { id: 'audit', endpoint: consoleEndpoints.audit },
] as const satisfies readonly { id: string; endpoint: ConsoleEndpoint }[];
export type SectionId = (typeof SECTIONS)[number]['id'];

/** The sections an operator with these roles sees, in menu order. */
export function sectionsFor(roles: readonly Role[]): SectionId[] {
  return SECTIONS.filter((s) => rolesAllowed(s.endpoint, roles)).map((s) => s.id);
}

export function isSectionId(value: string): value is SectionId {
  return SECTIONS.some((s) => s.id === value);
}
