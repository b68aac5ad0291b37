import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { getJson, sendJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';
import { bulkMailKeys } from '../../query-keys/bulk-mail';

export const mailingListQuery = () => queryOptions<MailingContact[]>({ queryKey: bulkMailKeys.mailingList });
export const useMailingList = () => useQuery(mailingListQuery());

/**
 * The one live view of the site: while a send is under way its counts refresh every two
 * seconds, and stop once every send is done or paused.
 */
export const bulkSendsQuery = () =>
  queryOptions<BulkSendProgress[]>({
    queryKey: bulkMailKeys.sends,
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === 'queued' || s.status === 'sending') ? 2000 : false),
  });
export const useBulkSends = () => useQuery(bulkSendsQuery());

export function useGenerateTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<GenerateTokensAnswer>('POST', '/api/admin/bulk-mail/generate-tokens'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkMailKeys.mailingList }),
  });
}

export function useResumeSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `/api/admin/bulk-mail/sends/${id}/resume`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkMailKeys.sends }),
  });
}

export function usePauseSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `/api/admin/bulk-mail/sends/${id}/pause`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkMailKeys.sends }),
  });
}

/** A send is logged and shows in the mailing list page's progress. */
export function useSendBulkEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkEmailInput) => sendJson<BulkSendAnswer>('POST', '/api/admin/bulk-mail/send', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      void queryClient.invalidateQueries({ queryKey: bulkMailKeys.sends });
    },
  });
}

/** How many addresses a message to these teams would reach, by the rule the send uses. */
export function useTeamAudienceCount(signupIds: number[], enabled: boolean) {
  return useAudienceCount(`/api/admin/bulk-mail/teams/audience-count?signupIds=${signupIds.join(',')}`, enabled && signupIds.length > 0);
}

/** The server's count of who a send to this address's audience would reach; asked again each time. */
export const audienceCountQuery = (url: string) =>
  queryOptions({ queryKey: bulkMailKeys.audienceCount(url), queryFn: () => getJson<AudienceCount>(url), staleTime: 0 });
export const useAudienceCount = (url: string, enabled = true) => useQuery({ ...audienceCountQuery(url), enabled });

/** A message to the teams ticked in the registrations table; it shows in the sends' progress. */
export function useSendTeamEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamEmailInput) => sendJson<BulkSendAnswer>('POST', '/api/admin/bulk-mail/teams', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      void queryClient.invalidateQueries({ queryKey: bulkMailKeys.sends });
    },
  });
}

/** The drafts being written, newest change first. */
export const draftsQuery = () => queryOptions<EmailDraft[]>({ queryKey: bulkMailKeys.drafts });
export const useDrafts = () => useQuery(draftsQuery());

/** Saves a new draft (no id) or the one being continued. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: EmailDraftInput & { id: number | null }) =>
      id === null
        ? sendJson<EmailDraft>('POST', '/api/admin/bulk-mail/drafts', input)
        : sendJson<EmailDraft>('PUT', `/api/admin/bulk-mail/drafts/${id}`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkMailKeys.drafts }),
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/bulk-mail/drafts/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkMailKeys.drafts }),
  });
}

/** The message as one recipient would receive it, rendered by the server. */
export function usePreview() {
  return useMutation({
    mutationFn: (input: ComposePreviewInput) => sendJson<ComposePreviewAnswer>('POST', '/api/admin/bulk-mail/preview', input),
  });
}

/** The message to the signed-in organiser only, marked as a test. */
export function useTestSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComposePreviewInput) => sendJson<TestSendAnswer>('POST', '/api/admin/bulk-mail/test', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

/** One send from the history, with its message; live while it is going out. */
export const sendDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: bulkMailKeys.send(id),
    queryFn: () => getJson<BulkSendDetail>(`/api/admin/bulk-mail/sends/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'sending' ? 2000 : false),
  });
export const useSendDetail = (id: number | null) => useQuery(sendDetailQuery(id));
