import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api';

/**
 * Spec section 7: data never goes stale, is not retried, and does not refetch on focus or poll. A
 * key that is one address fetches that address (with `fetchAddress`: the browser's GET, or the
 * server's in-process one when it renders a page); longer keys bring their own queryFn. Components
 * reach the client through useQueryClient.
 */
export const newQueryClient = (fetchAddress: (url: string) => Promise<unknown> = getJson) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        queryFn: ({ queryKey }) => fetchAddress(queryKey[0] as string),
      },
      mutations: { retry: false },
    },
  });
