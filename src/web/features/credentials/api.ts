import { useMutation, useQuery } from '@tanstack/react-query';
import type { CredentialsRecipientCount, SendCredentialsAnswer } from '@common/schemas/credentials';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { auditKey } from '../audit';

export function useSendCredentials() {
  return useMutation({
    mutationFn: (testEmail: string) =>
      sendJson<SendCredentialsAnswer>('POST', '/api/admin/send-login-credentials', testEmail ? { testEmail } : {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      void queryClient.invalidateQueries({ queryKey: recipientCountKey });
    },
  });
}

const recipientCountKey = ['/api/admin/send-login-credentials/recipient-count'] as const;

/** The server's count of this year's drivers, by the same rule the send uses. */
export function useCredentialsRecipientCount() {
  return useQuery({
    queryKey: recipientCountKey,
    queryFn: () => getJson<CredentialsRecipientCount>(recipientCountKey[0]),
    staleTime: 0,
  });
}
