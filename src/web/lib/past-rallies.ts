import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PastRally, PastRallyMenu } from '@common/schemas/past-rallies';
import { getJson } from './api';

export const pastRalliesKey = ['/api/past-rallies'] as const;
export const pastRallyMenuKey = ['/api/past-rallies/menu'] as const;

/** Every past rally with its gallery, oldest first: the home carousel, /rally/{year} and the years pickers. */
export function usePastRallies() {
  return useQuery({ queryKey: pastRalliesKey, queryFn: () => getJson<PastRally[]>('/api/past-rallies'), staleTime: 5 * 60_000 });
}

/**
 * Each past rally's year and destination, newest first: what the navigation bar on every page
 * needs (the Previous Rallies menu, the rally plates), without the whole list's galleries and
 * stories in each page's first view.
 */
export function usePastRallyMenu() {
  return useQuery({ queryKey: pastRallyMenuKey, queryFn: () => getJson<PastRallyMenu>('/api/past-rallies/menu'), staleTime: 5 * 60_000 });
}

/** After a change to the rallies: the whole list and the menu both follow it. */
export function refetchPastRallies(queryClient: QueryClient) {
  return Promise.all([pastRalliesKey, pastRallyMenuKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
