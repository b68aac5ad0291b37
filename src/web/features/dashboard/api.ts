import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoDriverInvitation, DriverView, MySignup } from '@common/schemas/signup';
import type { MyDonation, MyDonationInput } from '@common/schemas/my-donation';
import type { FundraisingSettings } from '@common/schemas/fundraising';
import type { OkAnswer } from '@common/schemas/answers';
import type { WithdrawInput } from '@common/schemas/entry-status';
import { getJson, isStatus, sendJson } from '../../lib/api';

/** The participant's own registration as GET /api/my-signup returns it: the view of their role (schemas/signup.ts). */
export type { DriverView, MySignup };

export const mySignupKey = ['/api/my-signup'] as const;
export const myDonationsKey = ['/api/my-donations'] as const;

/** null when the user has no registration (the server answers 404). */
async function fetchMySignup(): Promise<MySignup | null> {
  try {
    return await getJson<MySignup>('/api/my-signup');
  } catch (error) {
    if (isStatus(error, 404)) return null;
    throw error;
  }
}

export function useMySignup(enabled: boolean) {
  return useQuery({ queryKey: mySignupKey, queryFn: fetchMySignup, enabled });
}

export function useUpdateMySignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) => sendJson<MySignup>('PATCH', '/api/my-signup', changes),
    onSuccess: (updated) => queryClient.setQueryData(mySignupKey, updated),
  });
}

/** Ends the team's entry; the public lists drop it on their next answer. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) => sendJson<MySignup>('POST', '/api/my-signup/withdraw', input),
    onSuccess: (updated) => {
      queryClient.setQueryData(mySignupKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/signups'] });
    },
  });
}

/** The driver names the co-driver; the server e-mails them an invitation. */
export function useInviteCoDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: CoDriverInvitation) => sendJson<DriverView>('POST', '/api/my-signup/co-driver', invitation),
    onSuccess: (updated) => queryClient.setQueryData(mySignupKey, updated),
  });
}

export function useUpdateFundraising() {
  const queryClient = useQueryClient();
  return useMutation({
    // The driver's alone (the server refuses the co-driver), so the answer is the driver's view.
    mutationFn: (changes: FundraisingSettings) => sendJson<DriverView>('PATCH', '/api/my-signup/fundraising', changes),
    onSuccess: (updated) => {
      queryClient.setQueryData(mySignupKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
    },
  });
}

export function useMyDonations(enabled: boolean) {
  return useQuery({ queryKey: myDonationsKey, queryFn: () => getJson<MyDonation[]>('/api/my-donations'), enabled });
}

/** Create, edit and delete share one invalidation: the list (and the leaderboard) change. */
export function useDonationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: myDonationsKey });
    void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
  };
  return {
    create: useMutation({ mutationFn: (d: MyDonationInput) => sendJson<MyDonation>('POST', '/api/my-donations', d), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, ...d }: Partial<MyDonationInput> & { id: number }) => sendJson<MyDonation>('PATCH', `/api/my-donations/${id}`, d),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => sendJson<OkAnswer>('DELETE', `/api/my-donations/${id}`), onSuccess: refresh }),
  };
}
