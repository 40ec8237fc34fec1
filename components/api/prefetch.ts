import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api/client';
import type { Endpoint, InputOf } from '@/lib/api/contract';
import type { Locale } from '@/lib/i18n';
import { appApiContext } from './context';
import { apiQueryKey } from './keys';

/**
 * Starts a public call before any screen renders, under the key useApiQuery will use. A failure is not
 * cached: the screen's own query retries and reports it.
 */
export function prefetchPublicQuery<E extends Endpoint<Endpoint['name'], 'public'>>(client: QueryClient, endpoint: E, input: InputOf<E>, locale: Locale) {
  void client.prefetchQuery({
    queryKey: apiQueryKey(endpoint, input, undefined, locale),
    queryFn: () => apiPost(endpoint.path, input as Record<string, string>, appApiContext(undefined, null, locale)),
  });
}
