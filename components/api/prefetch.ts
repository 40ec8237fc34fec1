import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiPost, unwrapReply } from '@/lib/api/client';
import type { Endpoint, InputOf } from '@/lib/api/contract';
import { takeEarlyReply } from '@/lib/early-replies';
import { API_LANGUAGE, type Locale } from '@/lib/i18n';
import { appApiContext } from './context';
import { apiQueryKey } from './keys';

/**
 * Starts a public call before any screen renders, under the key useApiQuery will use, or takes the reply
 * the page's early script already asked for (app/early-requests.ts). A failure is not cached: the screen's
 * own query retries and reports it.
 */
export function prefetchPublicQuery<E extends Endpoint<Endpoint['name'], 'public'>>(client: QueryClient, endpoint: E, input: InputOf<E>, locale: Locale) {
  const fields = input as Record<string, string>;
  const early = takeEarlyReply(endpoint.path, fields, API_LANGUAGE[locale]);
  void client.prefetchQuery({
    queryKey: apiQueryKey(endpoint, input, undefined, locale),
    queryFn: () =>
      early
        ? early.then(unwrapReply, (error: unknown) => {
            throw new ApiError('network', (error as Error).message);
          })
        : apiPost(endpoint.path, fields, appApiContext(undefined, null, locale)),
  });
}
