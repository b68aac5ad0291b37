import { useQuery } from '@tanstack/react-query';
import type { PastRally } from '@common/schemas/rallies';
import { getJson } from './api';

export const ralliesKey = ['/api/rallies'] as const;

/** Every past rally with its gallery, oldest first: the home carousel, /rally/{year}, the menus and the years pickers. */
export function useRallies() {
  return useQuery({ queryKey: ralliesKey, queryFn: () => getJson<PastRally[]>('/api/rallies'), staleTime: 5 * 60_000 });
}
