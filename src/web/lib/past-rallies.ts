import { useQuery } from '@tanstack/react-query';
import type { PastRally } from '@common/schemas/past-rallies';
import { getJson } from './api';

export const pastRalliesKey = ['/api/past-rallies'] as const;

/** Every past rally with its gallery, oldest first: the home carousel, /rally/{year}, the menus and the years pickers. */
export function usePastRallies() {
  return useQuery({ queryKey: pastRalliesKey, queryFn: () => getJson<PastRally[]>('/api/past-rallies'), staleTime: 5 * 60_000 });
}
