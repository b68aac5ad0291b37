import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTeamFollows, FollowState, FollowTeamInput } from '@common/schemas/followers';
import { getJson, sendJson } from '../../lib/api';

export const followerKeys = {
  mine: ['followers', 'mine'] as const,
  admin: ['followers', 'admin'] as const,
  follow: (token: string) => ['followers', 'follow', token] as const,
};

/** The site's public key for Web Push, which a browser subscribes with (no account needed). */
export const getFollowerPushKey = () => getJson<{ publicKey: string }>('/api/followers/push-key');

export const useFollowTeam = (signupId: number) =>
  useMutation({
    mutationFn: (values: FollowTeamInput) => sendJson<{ message: string }>('POST', `/api/fundraising/teams/${signupId}/followers`, values),
  });

/** How many follow each of the signed-in person's teams (never who). */
export const myFollowerCountsQuery = () =>
  queryOptions({
    queryKey: followerKeys.mine,
    queryFn: () => getJson<{ teams: { signupId: number; followers: number }[] }>('/api/my-followers'),
  });
export const useMyFollowerCounts = () => useQuery(myFollowerCountsQuery());

export const followQuery = (token: string) =>
  queryOptions({
    queryKey: followerKeys.follow(token),
    queryFn: () => getJson<FollowState>(`/api/followers/${encodeURIComponent(token)}`),
  });
export const useFollow = (token: string) => useQuery(followQuery(token));

export function useFollowAction(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { stop: true } | { dailyDigest?: boolean; keepAfterResults?: boolean }) =>
      'stop' in action
        ? sendJson<FollowState>('POST', `/api/followers/${encodeURIComponent(token)}/stop`)
        : sendJson<FollowState>('POST', `/api/followers/${encodeURIComponent(token)}/preferences`, action),
    onSuccess: (state) => client.setQueryData(followerKeys.follow(token), state),
  });
}

export const adminFollowsQuery = () =>
  queryOptions({ queryKey: followerKeys.admin, queryFn: () => getJson<AdminTeamFollows>('/api/admin/followers') });
export const useAdminFollows = () => useQuery(adminFollowsQuery());

export function usePauseFollowers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ signupId, paused }: { signupId: number; paused: boolean }) =>
      sendJson('POST', `/api/admin/followers/teams/${signupId}/pause`, { paused }),
    onSuccess: () => client.invalidateQueries({ queryKey: followerKeys.admin }),
  });
}
