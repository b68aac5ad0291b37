import type {
  StatusBatchAnswer,
  StatusBatchInput,
  StatusChangeInput,
  StatusChangeView,
  WaitingListHold,
} from '@common/schemas/entry-status';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminSignup, SensitiveValues } from '@common/schemas/registrations';
import type { AdminDonationInput } from '@common/schemas/admin-donation';
import type { SignupPatch } from '@common/schemas/signup';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { auditKey } from '../audit';

export const paths = {
  signups: '/api/admin/signups',
  signup: (id: number) => `/api/admin/signups/${id}`,
  signupSensitive: (id: number) => `/api/admin/signups/${id}/sensitive`,
  signupsCsv: (includeSensitive: boolean) => `/api/admin/signups.csv${includeSensitive ? '?sensitive=1' : ''}`,
  donations: '/api/donations',
} as const;

export const signupsKey = [paths.signups] as const;

/** Every change an organiser makes shows in the lists and in the audit log straight away. */
function refreshAfterChange() {
  void queryClient.invalidateQueries({ queryKey: signupsKey });
  void queryClient.invalidateQueries({ queryKey: auditKey });
  void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/signups'] });
  // The donations ledger lists a donation added here.
  void queryClient.invalidateQueries({ queryKey: ['/api/admin/donations'] });
}

export function useAdminSignups() {
  return useQuery({ queryKey: signupsKey, queryFn: () => getJson<AdminSignup[]>(paths.signups) });
}

export function useUpdateSignup(id: number) {
  return useMutation({ mutationFn: (patch: SignupPatch) => sendJson('PATCH', paths.signup(id), patch), onSuccess: refreshAfterChange });
}

/**
 * One team's passport, medical and dietary values. A mutation, not a cached query: each reveal is
 * a deliberate act the server records, and the values live only in the card that asked.
 */
export function useRevealSensitive(id: number) {
  return useMutation({
    mutationFn: () => getJson<SensitiveValues>(paths.signupSensitive(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}

export function useDeleteSignup(id: number) {
  return useMutation({ mutationFn: () => sendJson('DELETE', paths.signup(id)), onSuccess: refreshAfterChange });
}

export function useAddDonation() {
  return useMutation({ mutationFn: (d: AdminDonationInput) => sendJson('POST', paths.donations, d), onSuccess: refreshAfterChange });
}

const historyKey = (id: number) => ['/api/admin/signups', id, 'status-history'] as const;

/** One team's status moves, newest first; fetched when an organiser opens the history. */
export function useStatusHistory(id: number, enabled: boolean) {
  return useQuery({
    queryKey: historyKey(id),
    queryFn: () => getJson<StatusChangeView[]>(`/api/admin/signups/${id}/status-history`),
    enabled,
  });
}

export function useChangeStatus(id: number) {
  return useMutation({
    mutationFn: (input: StatusChangeInput) => sendJson<StatusChangeView[]>('PATCH', `/api/admin/signups/${id}/status`, input),
    onSuccess: (history) => {
      queryClient.setQueryData(historyKey(id), history);
      refreshAfterChange();
    },
  });
}

/** Lets a team an organiser held on the waiting list back into the line (the server offers it any free place). */
export function useWaitingListHold(id: number) {
  return useMutation({
    mutationFn: (input: WaitingListHold) => sendJson<WaitingListHold>('PUT', `/api/admin/signups/${id}/waiting-list-hold`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: historyKey(id) });
      refreshAfterChange();
    },
  });
}

export function useChangeStatuses() {
  return useMutation({
    mutationFn: (input: StatusBatchInput) => sendJson<StatusBatchAnswer>('POST', '/api/admin/signups/status-batch', input),
    onSuccess: refreshAfterChange,
  });
}
