import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationAnswer, InvitationSummary } from '@common/schemas/signup';
import { sendJson } from '../../lib/api';
import { dashboardKeys } from '../../query-keys/dashboard';
import { currentUserKey } from '../../lib/auth';

/** The token rides in the request body (never in an API address, which logs would keep). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: dashboardKeys.invitation(token),
    queryFn: () => sendJson<InvitationSummary>('POST', '/api/dashboard/invitations/view', { token }),
    retry: false,
  });
export const useInvitation = (token: string) => useQuery(invitationQuery(token));

/**
 * Accepting or declining; the dashboard's team is fetched again after either, and the account
 * too (accepting from the link confirms the signed-in account's address).
 */
export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') => sendJson<InvitationAnswer>('POST', `/api/dashboard/invitations/${answer}`, { token }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.mine });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
