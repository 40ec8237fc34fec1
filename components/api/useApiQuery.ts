'use client';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Endpoint, InputOf, ReplyOf } from '@/lib/api/contract';
import type { Page } from '@/lib/api/replies';
import { useLocaleChoice } from '../LocaleProvider';
import { useWallet } from '../wallet/WalletContext';
import { apiQueryKey } from './keys';
import { useApiRequest } from './useApiRequest';

/** The key of a query for the current account and language. */
export function useApiQueryKey(endpoint: Endpoint, input: object) {
  const { address } = useWallet();
  const { locale } = useLocaleChoice();
  return apiQueryKey(endpoint, input, address, locale);
}

/**
 * Reads an endpoint through react-query. Public endpoints run before any wallet code loads and keep their
 * last data on screen while a new language loads; the others wait for a signed-in session.
 */
export function useApiQuery<E extends Endpoint>(endpoint: E, input: InputOf<E>, opts: { enabled?: boolean } = {}) {
  const request = useApiRequest();
  const { signedIn } = useWallet();
  const isPublic = endpoint.access === 'public';
  return useQuery({
    queryKey: useApiQueryKey(endpoint, input),
    queryFn: () => request(endpoint, input),
    enabled: (isPublic || signedIn) && (opts.enabled ?? true),
    placeholderData: isPublic ? keepPreviousData : undefined,
  });
}

type PagedEndpoint = Endpoint & { reply?: Page<unknown> };
type ItemOf<E extends PagedEndpoint> = ReplyOf<E> extends Page<infer T> ? T : never;

/** A paginated list (`page` from 1, `limit`, `has_more`), one page more at a time; `list` is every page so far. */
export function useApiPages<E extends PagedEndpoint>(endpoint: E, input: Omit<InputOf<E>, 'page' | 'limit'>, pageSize = 10) {
  const request = useApiRequest();
  const { signedIn } = useWallet();
  const query = useInfiniteQuery({
    queryKey: useApiQueryKey(endpoint, input),
    queryFn: ({ pageParam }) => request(endpoint, { ...input, page: String(pageParam), limit: String(pageSize) } as InputOf<E>) as Promise<Page<ItemOf<E>>>,
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.has_more ? all.length + 1 : undefined),
    enabled: endpoint.access === 'public' || signedIn,
  });
  const list: ItemOf<E>[] = query.data?.pages.flatMap((p) => p.list) ?? [];
  return { ...query, list };
}
