import type { QueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@/lib/api/contract';
import type { Locale } from '@/lib/i18n';

/**
 * The one query-key factory: endpoint name, input, account and language, so switching account or language
 * refetches. Public endpoints answer the same for every account: their key has no account.
 */
export function apiQueryKey(endpoint: Endpoint, input: object, address: string | undefined, locale: Locale) {
  return [endpoint.name, input, endpoint.access === 'public' ? null : (address ?? null), locale] as const;
}

/** Marks every cached query of these endpoints stale (any input, account or language) and refetches the active ones. */
export function invalidateEndpoints(client: QueryClient, endpoints: readonly Endpoint[]) {
  const names = new Set<string>(endpoints.map((e) => e.name));
  return client.invalidateQueries({ predicate: (q) => names.has(String(q.queryKey[0])) });
}
