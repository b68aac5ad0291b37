import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RallyRoute, RouteStop } from '@common/schemas/routes';
import type { OkAnswer } from '@common/schemas/answers';
import { sendJson } from '../../lib/api';
import { routesKey } from '../../lib/routes';

function useRouteChange<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: routesKey }) });
}

export const useSaveRoute = () =>
  useRouteChange(({ year, stops }: { year: number; stops: RouteStop[] }) =>
    sendJson<RallyRoute>('PUT', `/api/admin/route-maps/${year}`, { stops }),
  );
export const useDeleteRoute = () => useRouteChange((year: number) => sendJson<OkAnswer>('DELETE', `/api/admin/route-maps/${year}`));
