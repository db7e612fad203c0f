import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query on top of `callApi`. No automatic retry: the HTTP layer already told the user
 * about a failure (SPEC §8) and a retry would repeat the notification; screens offer a retry.
 * No refetch on window focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
