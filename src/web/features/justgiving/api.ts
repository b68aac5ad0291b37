import { useMutation, useQuery } from '@tanstack/react-query';
import type { JustGivingSyncStatus } from '@common/schemas/justgiving';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const base = '/api/admin/justgiving';
export const justGivingKey = [base] as const;

export function useJustGivingStatus() {
  return useQuery({ queryKey: justGivingKey, queryFn: () => getJson<JustGivingSyncStatus>(base) });
}

/** Sync now answers with the new state; the ledger and every total may have moved with it. */
export function useSyncNow() {
  return useMutation({
    mutationFn: () => sendJson<JustGivingSyncStatus>('POST', `${base}/sync`),
    onSuccess: (status) => {
      queryClient.setQueryData(justGivingKey, status);
      for (const key of [['/api/admin/donations'], ['/api/admin/signups'], ['/api/leaderboard'], ['/api/signups']]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
