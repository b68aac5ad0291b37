import { queryOptions, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerFilter, LedgerPage, LedgerPatch, WeeklyTotals } from '@common/schemas/ledger';
import { getJson, sendJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';
import { fundraisingKeys } from '../../query-keys/fundraising';
import { registrationsKeys } from '../../query-keys/registrations';
import { adminDonationsKeys } from '../../query-keys/admin-donations';

const base = '/api/admin/donations';

/** The filter as a query string, leaving out what is not set. */
export function ledgerQuery(filter: LedgerFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const ledgerCsvUrl = (filter: LedgerFilter) => `${base}.csv${ledgerQuery({ ...filter, page: undefined })}`;

export const ledgerPageQuery = (filter: LedgerFilter) =>
  queryOptions({
    queryKey: adminDonationsKeys.list(filter),
    queryFn: () => getJson<LedgerPage>(`${base}${ledgerQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
export const useLedger = (filter: LedgerFilter) => useQuery(ledgerPageQuery(filter));

/** A correction changes the ledger, the organisers' lists and the public ones. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    const changed = [
      adminDonationsKeys.all,
      registrationsKeys.signups,
      auditKeys.all,
      fundraisingKeys.leaderboard,
      fundraisingKeys.publicTeams,
    ];
    for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
  };
}

export const weeklyTotalsQuery = () =>
  queryOptions({ queryKey: adminDonationsKeys.weekly, queryFn: () => getJson<WeeklyTotals>(`${base}/weekly`) });
export const useWeeklyTotals = () => useQuery(weeklyTotalsQuery());

export function useLedgerMutations() {
  const refresh = useRefresh();
  return {
    correct: useMutation({
      mutationFn: ({ id, ...patch }: LedgerPatch & { id: number }) => sendJson('PATCH', `${base}/${id}`, patch),
      onSuccess: refresh,
    }),
    verify: useMutation({ mutationFn: (id: number) => sendJson('POST', `${base}/${id}/verify`), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => sendJson('DELETE', `${base}/${id}`), onSuccess: refresh }),
  };
}
