import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CredentialsRecipientCount, SendCredentialsAnswer } from '@common/schemas/credentials';
import { getJson, sendJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';
import { credentialsKeys } from '../../query-keys/credentials';

export function useSendCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testEmail: string) =>
      sendJson<SendCredentialsAnswer>('POST', '/api/admin/credentials/send', testEmail ? { testEmail } : {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      void queryClient.invalidateQueries({ queryKey: credentialsKeys.recipientCount });
    },
  });
}

/** The server's count of this year's drivers, by the same rule the send uses. */
export const credentialsRecipientCountQuery = () =>
  queryOptions({
    queryKey: credentialsKeys.recipientCount,
    queryFn: () => getJson<CredentialsRecipientCount>('/api/admin/credentials/recipient-count'),
    staleTime: 0,
  });
export const useCredentialsRecipientCount = () => useQuery(credentialsRecipientCountQuery());
