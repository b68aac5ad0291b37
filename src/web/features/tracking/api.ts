import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LivePositions, MyTracking, TrackerAddress } from '@common/schemas/tracking';
import { getJson, sendJson } from '../../lib/api';
import { trackingKeys } from '../../query-keys/tracking';

/** The teams sharing their position, late and rounded (GET /api/tracking/positions), for /live's map. */
export const livePositionsQuery = () =>
  queryOptions({ queryKey: trackingKeys.livePositions, queryFn: () => getJson<LivePositions>('/api/tracking/positions') });
export const useLivePositions = () => useQuery(livePositionsQuery());

/** The team's sharing state, its tracker address's date and its own latest position. */
export const myTrackingQuery = () => queryOptions({ queryKey: trackingKeys.mine, queryFn: () => getJson<MyTracking>('/api/my-tracking') });
export const useMyTracking = () => useQuery(myTrackingQuery());

/** Turns sharing on or pauses it; the answer is the new state. */
export function useSetSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sharing: boolean) => sendJson<MyTracking>('PUT', '/api/my-tracking', { sharing }),
    onSuccess: (state) => {
      queryClient.setQueryData(trackingKeys.mine, state);
      void queryClient.invalidateQueries({ queryKey: trackingKeys.livePositions });
    },
  });
}

/** Makes a new tracker address (the one before stops working); its secret is in this answer only. */
export function useNewTrackerAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<TrackerAddress>('POST', '/api/my-tracking/tracker-address'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trackingKeys.mine }),
  });
}
