import { useMutation, useQuery } from '@tanstack/react-query';
import type { MailingContact } from '@common/mailing';
import type {
  AudienceCount,
  BulkEmailInput,
  BulkSendAnswer,
  BulkSendProgress,
  GenerateTokensAnswer,
  TeamEmailInput,
} from '@common/schemas/bulk-email';
import { sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { auditKey } from '../audit';

export const mailingListKey = ['/api/admin/mailing-list'] as const;
export const bulkSendsKey = ['/api/admin/bulk-sends'] as const;

export function useMailingList() {
  return useQuery<MailingContact[]>({ queryKey: mailingListKey });
}

/**
 * The one live view of the site: while a send is under way its counts refresh every two
 * seconds, and stop once every send is done or paused.
 */
export function useBulkSends() {
  return useQuery<BulkSendProgress[]>({
    queryKey: bulkSendsKey,
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === 'queued' || s.status === 'sending') ? 2000 : false),
  });
}

export function useGenerateTokens() {
  return useMutation({
    mutationFn: () => sendJson<GenerateTokensAnswer>('POST', '/api/admin/generate-tokens'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mailingListKey }),
  });
}

export function useResumeSend() {
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `/api/admin/bulk-sends/${id}/resume`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkSendsKey }),
  });
}

export function usePauseSend() {
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `/api/admin/bulk-sends/${id}/pause`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkSendsKey }),
  });
}

/** A send is logged and shows in the mailing list page's progress. */
export function useSendBulkEmail() {
  return useMutation({
    mutationFn: (input: BulkEmailInput) => sendJson<BulkSendAnswer>('POST', '/api/admin/send-bulk-email', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      void queryClient.invalidateQueries({ queryKey: bulkSendsKey });
    },
  });
}

/** How many addresses a message to these teams would reach, by the rule the send uses. */
export function useTeamAudienceCount(signupIds: number[], enabled: boolean) {
  return useQuery<AudienceCount>({
    queryKey: [`/api/admin/bulk-email/teams/audience-count?signupIds=${signupIds.join(',')}`],
    enabled: enabled && signupIds.length > 0,
    staleTime: 0,
  });
}

/** A message to the teams ticked in the registrations table; it shows in the sends' progress. */
export function useSendTeamEmail() {
  return useMutation({
    mutationFn: (input: TeamEmailInput) => sendJson<BulkSendAnswer>('POST', '/api/admin/bulk-email/teams', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKey });
      void queryClient.invalidateQueries({ queryKey: bulkSendsKey });
    },
  });
}
