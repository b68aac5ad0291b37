import { useMutation, useQuery } from '@tanstack/react-query';
import type { MailingContact } from '@common/mailing';
import type {
  AudienceCount,
  BulkEmailInput,
  BulkSendAnswer,
  BulkSendDetail,
  BulkSendProgress,
  ComposePreviewAnswer,
  ComposePreviewInput,
  EmailDraft,
  EmailDraftInput,
  GenerateTokensAnswer,
  TeamEmailInput,
  TestSendAnswer,
} from '@common/schemas/bulk-email';
import type { ContactList } from '@common/schemas/contacts';
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

export const draftsKey = ['/api/admin/email-drafts'] as const;

/** The drafts being written, newest change first. */
export function useDrafts() {
  return useQuery<EmailDraft[]>({ queryKey: draftsKey });
}

/** Saves a new draft (no id) or the one being continued. */
export function useSaveDraft() {
  return useMutation({
    mutationFn: ({ id, ...input }: EmailDraftInput & { id: number | null }) =>
      id === null
        ? sendJson<EmailDraft>('POST', '/api/admin/email-drafts', input)
        : sendJson<EmailDraft>('PUT', `/api/admin/email-drafts/${id}`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftsKey }),
  });
}

export function useDeleteDraft() {
  return useMutation({
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/email-drafts/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftsKey }),
  });
}

/** The message as one recipient would receive it, rendered by the server. */
export function usePreview() {
  return useMutation({
    mutationFn: (input: ComposePreviewInput) => sendJson<ComposePreviewAnswer>('POST', '/api/admin/bulk-email/preview', input),
  });
}

/** The message to the signed-in organiser only, marked as a test. */
export function useTestSend() {
  return useMutation({
    mutationFn: (input: ComposePreviewInput) => sendJson<TestSendAnswer>('POST', '/api/admin/bulk-email/test', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}

/** One send from the history, with its message; live while it is going out. */
export function useSendDetail(id: number | null) {
  return useQuery<BulkSendDetail>({
    queryKey: [`/api/admin/bulk-sends/${id}`],
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'sending' ? 2000 : false),
  });
}

/** The years on the contact list, for the audience's year filter (the same list /admin/contacts offers). */
export function useContactYears() {
  return useQuery<ContactList, Error, number[]>({ queryKey: ['/api/admin/contacts'], select: (d) => d.years });
}
