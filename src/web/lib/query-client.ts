import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api';

/** Spec section 7: data never goes stale, is not retried, and does not refetch on focus or poll. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      queryFn: ({ queryKey }) => getJson(queryKey[0] as string),
    },
    mutations: { retry: false },
  },
});
