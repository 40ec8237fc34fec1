import type { ConsoleEndpoint, ConsoleErrorCode, ConsoleInputOf, ConsoleReplyOf } from '../../lib/console-api/contract';
import { CONSOLE_CSRF_HEADER } from '../../lib/console-api/contract';

/**
 * The console's one way to the admin API (lib/console-api/contract.ts): POST /console/api/<name> on the page's
 * own origin, a JSON body, the session cookie (HttpOnly, SameSite=Strict) and the CSRF token in a header.
 * A failure throws ConsoleApiError with the server's code, its localised message and the per-field messages.
 */
export class ConsoleApiError extends Error {
  constructor(
    readonly code: ConsoleErrorCode | 'network',
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type CallOptions = { csrfToken?: string; language: string; fetchImpl?: typeof fetch };

export async function callApi<E extends ConsoleEndpoint>(endpoint: E, input: ConsoleInputOf<E>, opts: CallOptions): Promise<ConsoleReplyOf<E>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': opts.language };
  if (opts.csrfToken) headers[CONSOLE_CSRF_HEADER] = opts.csrfToken;
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(endpoint.path, { method: 'POST', headers, body: JSON.stringify(input ?? {}), credentials: 'same-origin' });
  } catch (error) {
    throw new ConsoleApiError('network', (error as Error).message, 0);
  }
  const body = (await res.json().catch(() => null)) as {
    ok?: unknown;
    data?: unknown;
    error?: { code?: ConsoleErrorCode; message?: unknown; fields?: Record<string, string> };
  } | null;
  if (body && body.ok === true) return body.data as ConsoleReplyOf<E>;
  const code = body?.error?.code ?? (res.status === 401 ? 'unauthenticated' : 'internal');
  const message = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${res.status}`;
  throw new ConsoleApiError(code, message, res.status, body?.error?.fields ?? {});
}

/** An error that means "sign in again" rather than "this call was refused". */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ConsoleApiError && error.code === 'unauthenticated';
}

/** The message to show for a failed call: the server's, which already names the fields at fault. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
