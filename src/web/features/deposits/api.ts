import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositPaymentStarted, DepositSettings, DepositView, ManualDepositInput } from '@common/schemas/deposits';
import { getJson, sendJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';
import { registrationsKeys } from '../../query-keys/registrations';
import { depositsKeys } from '../../query-keys/deposits';

/** Whether "Pay Deposit Now" goes through GoCardless here, and the deposit amount. */
export const depositSettingsQuery = () =>
  queryOptions({ queryKey: depositsKeys.settings, queryFn: () => getJson<DepositSettings>('/api/deposits/settings') });
export const useDepositSettings = () => useQuery(depositSettingsQuery());

/** Creates the GoCardless payment on the server; the answer is the page to send the rallier to. */
export function useStartDepositPayment() {
  return useMutation({ mutationFn: () => sendJson<DepositPaymentStarted>('POST', '/api/my-deposits/payment', {}) });
}

export function useRecordDeposit(signupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualDepositInput) => sendJson<DepositView>('PUT', `/api/admin/deposits/${signupId}`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: registrationsKeys.signups });
      void queryClient.invalidateQueries({ queryKey: registrationsKeys.statusHistory(signupId) });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
