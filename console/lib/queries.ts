'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleEndpoint, ConsoleInputOf, ConsoleReplyOf } from '../../lib/console-api/contract';
import { consoleEndpoints } from '../../lib/console-api/contract';
import { useSession } from './session';

/** react-query over one endpoint, keyed by its name, input, operator and language (the server's texts are localised). */
export function useConsoleQuery<E extends ConsoleEndpoint>(
  endpoint: E,
  input: ConsoleInputOf<E>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  const { call, operator, locale } = useSession();
  return useQuery<ConsoleReplyOf<E>>({
    queryKey: [endpoint.name, input, operator?.address, locale],
    queryFn: () => call(endpoint, input),
    enabled: Boolean(operator) && options.enabled !== false,
    refetchInterval: options.refetchInterval,
    // A paged table keeps its rows while the next page loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One operator action: the call, then the lists it changes (and the audit log, which records it) are read again. */
export function useConsoleMutation<E extends ConsoleEndpoint>(
  endpoint: E,
  invalidates: ConsoleEndpoint[],
  onSuccess?: (data: ConsoleReplyOf<E>, input: ConsoleInputOf<E>) => void,
) {
  const { call } = useSession();
  const client = useQueryClient();
  return useMutation<ConsoleReplyOf<E>, Error, ConsoleInputOf<E>>({
    mutationFn: (input) => call(endpoint, input),
    onSuccess: async (data, input) => {
      onSuccess?.(data, input);
      await Promise.all([...invalidates, consoleEndpoints.audit].map((e) => client.invalidateQueries({ queryKey: [e.name] })));
    },
  });
}
