import type {
  StatusBatchAnswer,
  StatusBatchInput,
  StatusChangeInput,
  StatusChangeView,
  WaitingListHold,
} from '@common/schemas/entry-status';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTeam, SensitiveValues } from '@common/schemas/registrations';
import type { AdminDonationInput } from '@common/schemas/admin-donation';
import type { TeamPatch } from '@common/schemas/signup';
import { getJson, sendJson } from '../../lib/api';
import { adminDonationsKeys } from '../../query-keys/admin-donations';
import { auditKeys } from '../../query-keys/audit';
import { fundraisingKeys } from '../../query-keys/fundraising';
import { registrationsKeys } from '../../query-keys/registrations';

export const paths = {
  signups: '/api/admin/registrations',
  signup: (id: number) => `/api/admin/registrations/${id}`,
  signupSensitive: (id: number) => `/api/admin/registrations/${id}/sensitive`,
  signupsCsv: (includeSensitive: boolean) => `/api/admin/registrations/export.csv${includeSensitive ? '?sensitive=1' : ''}`,
  donations: '/api/admin/registrations/donations',
} as const;

/**
 * Every change an organiser makes shows in the lists and in the audit log straight away (and the
 * donations ledger lists a donation added here).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    const changed = [
      registrationsKeys.signups,
      auditKeys.all,
      fundraisingKeys.leaderboard,
      fundraisingKeys.publicTeams,
      adminDonationsKeys.all,
    ];
    for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
  };
}

export const adminTeamsQuery = () =>
  queryOptions({ queryKey: registrationsKeys.signups, queryFn: () => getJson<AdminTeam[]>(paths.signups) });
export const useAdminTeams = () => useQuery(adminTeamsQuery());

export function useUpdateTeam(id: number) {
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({ mutationFn: (patch: TeamPatch) => sendJson('PATCH', paths.signup(id), patch), onSuccess: refreshAfterChange });
}

/**
 * One team's passport, medical and dietary values. A mutation, not a cached query: each reveal is
 * a deliberate act the server records, and the values live only in the card that asked.
 */
export function useRevealSensitive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getJson<SensitiveValues>(paths.signupSensitive(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

export function useDeleteTeam(id: number) {
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({ mutationFn: () => sendJson('DELETE', paths.signup(id)), onSuccess: refreshAfterChange });
}

export function useAddDonation() {
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({ mutationFn: (d: AdminDonationInput) => sendJson('POST', paths.donations, d), onSuccess: refreshAfterChange });
}

/** One team's status moves, newest first; fetched when an organiser opens the history. */
export const statusHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: registrationsKeys.statusHistory(id),
    queryFn: () => getJson<StatusChangeView[]>(`/api/admin/registrations/${id}/status-history`),
  });
export const useStatusHistory = (id: number, enabled: boolean) => useQuery({ ...statusHistoryQuery(id), enabled });

export function useChangeStatus(id: number) {
  const queryClient = useQueryClient();
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: StatusChangeInput) => sendJson<StatusChangeView[]>('PATCH', `/api/admin/registrations/${id}/status`, input),
    onSuccess: (history) => {
      queryClient.setQueryData(registrationsKeys.statusHistory(id), history);
      refreshAfterChange();
    },
  });
}

/** Lets a team an organiser held on the waiting list back into the line (the server offers it any free place). */
export function useWaitingListHold(id: number) {
  const queryClient = useQueryClient();
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: WaitingListHold) => sendJson<WaitingListHold>('PUT', `/api/admin/registrations/${id}/waiting-list-hold`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: registrationsKeys.statusHistory(id) });
      refreshAfterChange();
    },
  });
}

export function useChangeStatuses() {
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: StatusBatchInput) => sendJson<StatusBatchAnswer>('POST', '/api/admin/registrations/status-batch', input),
    onSuccess: refreshAfterChange,
  });
}
