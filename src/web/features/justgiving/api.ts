import { useMutation, useQuery } from '@tanstack/react-query';
import type { JustGivingConfirm, JustGivingPageStatus, JustGivingSyncStatus } from '@common/schemas/justgiving';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { auditKey } from '../audit';

const base = '/api/admin/justgiving';
export const justGivingKey = [base] as const;

export function useJustGivingStatus() {
  return useQuery({ queryKey: justGivingKey, queryFn: () => getJson<JustGivingSyncStatus>(base) });
}

/** The ledger and every total may have moved. */
function refreshTotals() {
  for (const key of [['/api/admin/donations'], ['/api/admin/signups'], ['/api/leaderboard'], ['/api/signups']]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Sync now answers with the new state. */
export function useSyncNow() {
  return useMutation({
    mutationFn: () => sendJson<JustGivingSyncStatus>('POST', `${base}/sync`),
    onSuccess: (status) => {
      queryClient.setQueryData(justGivingKey, status);
      refreshTotals();
    },
  });
}

/** "This page is the team's": answers with the page's row, now confirmed; its total counts publicly. */
export function useConfirmPage(signupId: number) {
  return useMutation({
    mutationFn: (input: JustGivingConfirm) => sendJson<JustGivingPageStatus>('POST', `${base}/pages/${signupId}/confirm`, input),
    onSuccess: (page) => {
      queryClient.setQueryData<JustGivingSyncStatus>(
        justGivingKey,
        (status) => status && { ...status, pages: status.pages.map((p) => (p.signupId === page.signupId ? page : p)) },
      );
      refreshTotals();
      void queryClient.invalidateQueries({ queryKey: auditKey });
    },
  });
}
