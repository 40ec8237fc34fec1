import { QueryClient } from '@tanstack/react-query';

/** The app's one react-query cache (the shell prefetches into it before the providers render). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 15_000, refetchOnWindowFocus: false } } });
