import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicTeamUpdateList, TeamUpdate } from '@common/schemas/team-updates';
import { getJson, sendJson } from '../../lib/api';
import { teamUpdateKeys } from '../../query-keys/team-updates';

/** The newest visible updates: one team's (its donate page) or every team's of this season (/live). */
export function publicUpdatesQuery(signupId: number | null, limit = 20) {
  const query = new URLSearchParams({ limit: String(limit), ...(signupId === null ? {} : { signupId: String(signupId) }) });
  return queryOptions({
    queryKey: teamUpdateKeys.publicList(signupId),
    queryFn: () => getJson<PublicTeamUpdateList>(`/api/team-updates?${query}`),
  });
}
export const usePublicUpdates = (signupId: number | null, limit = 20) => useQuery(publicUpdatesQuery(signupId, limit));

/** What a team posts: its words, a photo file if any, and an id made once per update (a retry sends the same). */
export type NewTeamUpdate = { clientId: string; body: string; photo?: File };

/** The team's own updates, hidden ones marked. */
export const myUpdatesQuery = () =>
  queryOptions({ queryKey: teamUpdateKeys.mine, queryFn: () => getJson<TeamUpdate[]>('/api/my-rally-app/updates') });
export const useMyUpdates = () => useQuery(myUpdatesQuery());

/** The season's updates for organisers, hidden ones too. */
export const adminUpdatesQuery = () =>
  queryOptions({
    queryKey: teamUpdateKeys.admin,
    queryFn: () => getJson<TeamUpdate[]>('/api/admin/team-updates'),
    refetchInterval: 30_000,
  });
export const useAdminUpdates = () => useQuery(adminUpdatesQuery());

export function useSetUpdateHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? sendJson<TeamUpdate>('POST', `/api/admin/team-updates/${id}/unhide`)
        : sendJson<TeamUpdate>('POST', `/api/admin/team-updates/${id}/hide`, { reason }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamUpdateKeys.admin }),
        queryClient.invalidateQueries({ queryKey: teamUpdateKeys.public }),
      ]),
  });
}
