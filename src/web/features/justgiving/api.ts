import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JustGivingConfirm, JustGivingPageStatus, JustGivingSyncStatus } from '@common/schemas/justgiving';
import { getJson, sendJson } from '../../lib/api';
import { adminDonationsKeys } from '../../query-keys/admin-donations';
import { auditKeys } from '../../query-keys/audit';
import { fundraisingKeys } from '../../query-keys/fundraising';
import { registrationsKeys } from '../../query-keys/registrations';
import { justGivingKeys } from '../../query-keys/justgiving';

const base = '/api/admin/justgiving';

export const justGivingStatusQuery = () =>
  queryOptions({ queryKey: justGivingKeys.status, queryFn: () => getJson<JustGivingSyncStatus>(base) });
export const useJustGivingStatus = () => useQuery(justGivingStatusQuery());

/** The ledger and every total may have moved. */
function useRefreshTotals() {
  const queryClient = useQueryClient();
  return () => {
    const changed = [adminDonationsKeys.all, registrationsKeys.signups, fundraisingKeys.leaderboard, fundraisingKeys.publicTeams];
    for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
  };
}

/** Sync now answers with the new state. */
export function useSyncNow() {
  const queryClient = useQueryClient();
  const refreshTotals = useRefreshTotals();
  return useMutation({
    mutationFn: () => sendJson<JustGivingSyncStatus>('POST', `${base}/sync`),
    onSuccess: (status) => {
      queryClient.setQueryData(justGivingKeys.status, status);
      refreshTotals();
    },
  });
}

/** "This page is the team's": answers with the page's row, now confirmed; its total counts publicly. */
export function useConfirmPage(signupId: number) {
  const queryClient = useQueryClient();
  const refreshTotals = useRefreshTotals();
  return useMutation({
    mutationFn: (input: JustGivingConfirm) => sendJson<JustGivingPageStatus>('POST', `${base}/pages/${signupId}/confirm`, input),
    onSuccess: (page) => {
      queryClient.setQueryData<JustGivingSyncStatus>(
        justGivingKeys.status,
        (status) => status && { ...status, pages: status.pages.map((p) => (p.signupId === page.signupId ? page : p)) },
      );
      refreshTotals();
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
