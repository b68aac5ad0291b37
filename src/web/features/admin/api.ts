import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminSignup, AuditLogEntry, SensitiveValues } from '@common/admin-signup';
import type { AdminDonationInput } from '@common/schemas/admin-donation';
import type { BulkEmailInput } from '@common/schemas/bulk-email';
import type { SendCredentialsAnswer } from '@common/schemas/credentials';
import type { SignupPatch } from '@common/schemas/signup';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const paths = {
  signups: '/api/admin/signups',
  signup: (id: number) => `/api/admin/signups/${id}`,
  signupSensitive: (id: number) => `/api/admin/signups/${id}/sensitive`,
  signupsCsv: (includeSensitive: boolean) => `/api/admin/signups.csv${includeSensitive ? '?sensitive=1' : ''}`,
  donations: '/api/donations',
  credentials: '/api/admin/send-login-credentials',
  bulkEmail: '/api/admin/send-bulk-email',
  auditLog: (page: number) => `/api/admin/audit-log?page=${page}`,
} as const;

export const signupsKey = [paths.signups] as const;
const auditKey = ['/api/admin/audit-log'] as const;

/** Every change an organiser makes shows in the lists and in the audit log straight away. */
function refreshAfterChange() {
  void queryClient.invalidateQueries({ queryKey: signupsKey });
  void queryClient.invalidateQueries({ queryKey: auditKey });
  void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/signups'] });
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

export function useSendCredentials() {
  return useMutation({
    mutationFn: (testEmail: string) => sendJson<SendCredentialsAnswer>('POST', paths.credentials, testEmail ? { testEmail } : {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}

/** A send is logged and shows in the mailing list page's progress. */
export function useSendBulkEmail() {
  return useMutation({
    mutationFn: (input: BulkEmailInput) => sendJson<{ message: string; sent: number; bulkSendId: number }>('POST', paths.bulkEmail, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/bulk-sends'] });
    },
  });
}

export type AuditPage = { entries: AuditLogEntry[]; page: number; pageSize: number; total: number };

export function useAuditLog(page: number) {
  return useQuery({ queryKey: [...auditKey, page], queryFn: () => getJson<AuditPage>(paths.auditLog(page)) });
}
