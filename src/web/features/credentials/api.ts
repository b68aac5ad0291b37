import { useMutation } from '@tanstack/react-query';
import type { SendCredentialsAnswer } from '@common/schemas/credentials';
import { sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { auditKey } from '../audit';

export function useSendCredentials() {
  return useMutation({
    mutationFn: (testEmail: string) => sendJson<SendCredentialsAnswer>('POST', '/api/admin/send-login-credentials', testEmail ? { testEmail } : {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
