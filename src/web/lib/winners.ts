import { useQuery } from '@tanstack/react-query';
import type { WinnerRecord } from '@common/schemas/winners';
import { getJson } from './api';

export const winnersKey = ['/api/winners'] as const;

/** The Rally Champions, oldest first: the home page's table and the organisers' winners editor. */
export function useWinners() {
  return useQuery({ queryKey: winnersKey, queryFn: () => getJson<WinnerRecord[]>('/api/winners'), staleTime: 5 * 60_000 });
}
