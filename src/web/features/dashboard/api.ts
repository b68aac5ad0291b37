import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CoDriverInvitation, DriverView, MyDashboard, MyTeamView } from '@common/schemas/signup';
import type { MyDonation, MyDonationInput } from '@common/schemas/my-donation';
import type { FundraisingSettings } from '@common/schemas/fundraising';
import type { MessageAnswer, OkAnswer } from '@common/schemas/answers';
import type { WithdrawInput } from '@common/schemas/entry-status';
import type { DeleteAccountInput } from '@common/schemas/privacy';
import { getJson, sendJson } from '../../lib/api';
import { fundraisingKeys } from '../../query-keys/fundraising';
import { dashboardKeys } from '../../query-keys/dashboard';

/** The participant's own registration as the server returns it: the view of their role (schemas/signup.ts). */
export type { DriverView, MyDashboard, MyTeamView };

/** The dashboard's state (GET /api/my-dashboard): the team, a registration waiting for confirmation, or none. */
export const myDashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.mine, queryFn: () => getJson<MyDashboard>('/api/my-dashboard') });
export const useMyDashboard = (enabled: boolean) => useQuery({ ...myDashboardQuery(), enabled });

/** The team of the dashboard's state, or null. */
export const teamOf = (d: MyDashboard | undefined): MyTeamView | null => (d?.state === 'team' ? d.team : null);

/** Puts the team an edit answered with into the dashboard's state. */
export function setMyTeam(queryClient: QueryClient, team: MyTeamView) {
  const state: MyDashboard = { state: 'team', team };
  queryClient.setQueryData<MyDashboard>(dashboardKeys.mine, () => state);
}

export function useUpdateMyTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) => sendJson<MyTeamView>('PATCH', '/api/my-dashboard/team', changes),
    onSuccess: (updated) => setMyTeam(queryClient, updated),
  });
}

/** Ends the team's entry; the public lists drop it on their next answer. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) => sendJson<MyTeamView>('POST', '/api/my-dashboard/team/withdraw', input),
    onSuccess: (updated) => {
      setMyTeam(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: fundraisingKeys.leaderboard });
      void queryClient.invalidateQueries({ queryKey: fundraisingKeys.publicTeams });
    },
  });
}

/** The driver names the co-driver; the server e-mails them an invitation. */
export function useInviteCoDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: CoDriverInvitation) => sendJson<DriverView>('POST', '/api/my-dashboard/team/co-driver', invitation),
    onSuccess: (updated) => setMyTeam(queryClient, updated),
  });
}

/** The driver sends the pending invitation again (the server limits how often). */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<DriverView>('POST', '/api/my-dashboard/team/co-driver/resend'),
    onSuccess: (updated) => setMyTeam(queryClient, updated),
  });
}

export function useUpdateFundraising() {
  const queryClient = useQueryClient();
  return useMutation({
    // The driver's alone (the server refuses the co-driver), so the answer is the driver's view.
    mutationFn: (changes: FundraisingSettings) => sendJson<DriverView>('PATCH', '/api/my-dashboard/team/fundraising', changes),
    onSuccess: (updated) => {
      setMyTeam(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: fundraisingKeys.leaderboard });
    },
  });
}

export const myDonationsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.donations, queryFn: () => getJson<MyDonation[]>('/api/my-dashboard/donations') });
export const useMyDonations = (enabled: boolean) => useQuery({ ...myDonationsQuery(), enabled });

/** Create, edit and delete share one invalidation: the list (and the leaderboard) change. */
export function useDonationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.donations });
    void queryClient.invalidateQueries({ queryKey: fundraisingKeys.leaderboard });
  };
  return {
    create: useMutation({
      mutationFn: (d: MyDonationInput) => sendJson<MyDonation>('POST', '/api/my-dashboard/donations', d),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...d }: Partial<MyDonationInput> & { id: number }) =>
        sendJson<MyDonation>('PATCH', `/api/my-dashboard/donations/${id}`, d),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => sendJson<OkAnswer>('DELETE', `/api/my-dashboard/donations/${id}`),
      onSuccess: refresh,
    }),
  };
}

/** Asks for a new confirmation link for the signed-in account (the server limits how often). */
export const resendVerification = () => sendJson<MessageAnswer>('POST', '/api/auth/resend-verification');

/** Deletes the rallier's account, after the password. */
export const deleteAccount = (input: DeleteAccountInput) => sendJson('DELETE', '/api/my-privacy/account', input);
