import type { Context } from 'hono';
import type { Address } from 'viem';
import { AMOUNT_BOUNDS, parseAmount } from '../../../lib/money';
import type { ConsoleEndpointName, ConsoleEndpoints, ConsoleParsedInputOf, ConsoleReplyOf } from '../../../lib/console-api/contract';
import type { ApiLanguage } from '../../../lib/i18n';
import type { AuditEntry } from '../../operators/audit';
import type { ConsoleSession } from '../../operators/sessions';
import type { Deps } from '../route';

/** What a console handler is given: its parsed input, the caller's language and session, and the audit recorder. */
export type Ctx<N extends ConsoleEndpointName> = {
  deps: Deps;
  c: Context;
  input: ConsoleParsedInputOf<ConsoleEndpoints[N]>;
  language: ApiLanguage;
  session: ConsoleSession | undefined;
  /** The acting operator (absent on sign-in). */
  operator: Address;
  /** Records the change in the audit log, in the handler's transaction (for actions whose domain does not record it). */
  audit: (entry: Omit<AuditEntry, 'operator' | 'action'> & { action?: string }) => void;
};

type Reply<N extends ConsoleEndpointName> = Promise<ConsoleReplyOf<ConsoleEndpoints[N]>>;

/** The handlers of the endpoints `N` (all of them by default, as routes-console.ts assembles them). */
export type Handlers<N extends ConsoleEndpointName = ConsoleEndpointName> = { [K in N]: (ctx: Ctx<K>) => Reply<K> };

/**
 * A handler with work to do before its transaction opens (slow work without the database, such as an image's
 * re-encode): routes-console.ts runs `prepare` on the input first, then the handler in the transaction with its result.
 */
export function preparing<N extends ConsoleEndpointName, P>(prepare: (input: Ctx<N>['input']) => Promise<P>, run: (ctx: Ctx<N>, prepared: P) => Reply<N>) {
  return Object.assign((ctx: Ctx<N>, prepared?: P) => run(ctx, prepared as P), { prepare });
}

/** One section's handlers, typed by the endpoints it names. */
export const section = <N extends ConsoleEndpointName>(handlers: Handlers<N>) => handlers;

export const id = (v: string) => Number(v);
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** An amount the console's input already checked (lib/console-api/inputs.ts, parseAmount's setting bounds) in base units. */
export const wei = (wld: string) => {
  const parsed = parseAmount(wld, AMOUNT_BOUNDS.setting);
  if (!parsed.ok) throw new Error(`not a checked amount: ${parsed.reason}`);
  return parsed.value;
};
