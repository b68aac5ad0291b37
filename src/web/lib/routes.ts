import { useQuery } from '@tanstack/react-query';
import type { RallyRoute } from '@common/schemas/routes';
import { getJson } from './api';

export const routesKey = ['/api/route-maps'] as const;

/** Every rally's route (the past rallies' and the current season's), oldest first. */
export function useRoutes() {
  return useQuery({ queryKey: routesKey, queryFn: () => getJson<RallyRoute[]>('/api/route-maps'), staleTime: 5 * 60_000 });
}
