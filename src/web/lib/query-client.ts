import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api';

/**
 * Spec section 7: data never goes stale, is not retried, and does not refetch on focus or poll. A
 * key that is one address fetches that address; longer keys bring their own queryFn. Components
 * reach the client through useQueryClient.
 */
export const newQueryClient = () =>
  new QueryClient({
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

/**
 * Public answers by address (a query's key is its address), put in place before the first render:
 * the server draws a page with them and sends them with it, so the browser's first render is the same.
 */
export type PageData = Record<string, unknown>;

export function seedQueries(client: QueryClient, data: PageData): void {
  for (const [url, value] of Object.entries(data)) client.setQueryData([url], value);
}
