import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LedgerFilter, LedgerPage, LedgerPatch, WeeklyTotals } from '@common/schemas/ledger';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const base = '/api/admin/donations';
export const ledgerKey = [base] as const;

/** The filter as a query string, leaving out what is not set. */
export function ledgerQuery(filter: LedgerFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const ledgerCsvUrl = (filter: LedgerFilter) => `${base}.csv${ledgerQuery({ ...filter, page: undefined })}`;

export function useLedger(filter: LedgerFilter) {
  return useQuery({
    queryKey: [...ledgerKey, filter],
    queryFn: () => getJson<LedgerPage>(`${base}${ledgerQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** A correction changes the ledger, the organisers' lists and the public ones. */
function refresh() {
  for (const key of [ledgerKey, ['/api/admin/signups'], ['/api/admin/audit-log'], ['/api/leaderboard'], ['/api/signups']]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

export function useWeeklyTotals() {
  return useQuery({ queryKey: [...ledgerKey, 'weekly'], queryFn: () => getJson<WeeklyTotals>(`${base}/weekly`) });
}

export function useLedgerMutations() {
  return {
    correct: useMutation({
      mutationFn: ({ id, ...patch }: LedgerPatch & { id: number }) => sendJson('PATCH', `${base}/${id}`, patch),
      onSuccess: refresh,
    }),
    verify: useMutation({ mutationFn: (id: number) => sendJson('POST', `${base}/${id}/verify`), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => sendJson('DELETE', `${base}/${id}`), onSuccess: refresh }),
  };
}
