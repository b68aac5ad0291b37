import { useMutation, useQuery } from '@tanstack/react-query';
import type { DepositPaymentStarted, DepositSettings, DepositView, ManualDepositInput } from '@common/schemas/deposits';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const depositSettingsKey = ['/api/deposit-settings'] as const;

/** Whether "Pay Deposit Now" goes through GoCardless here, and the deposit amount. */
export function useDepositSettings() {
  return useQuery({ queryKey: depositSettingsKey, queryFn: () => getJson<DepositSettings>('/api/deposit-settings') });
}

/** Creates the GoCardless payment on the server; the answer is the page to send the rallier to. */
export function useStartDepositPayment() {
  return useMutation({ mutationFn: () => sendJson<DepositPaymentStarted>('POST', '/api/my-signup/deposit-payment', {}) });
}

export function useRecordDeposit(signupId: number) {
  return useMutation({
    mutationFn: (input: ManualDepositInput) => sendJson<DepositView>('PUT', `/api/admin/signups/${signupId}/deposit`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/signups'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/signups', signupId, 'status-history'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/audit-log'] });
    },
  });
}
