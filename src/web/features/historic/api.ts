import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportEmails, HistoricRecord, ImportAnswer, ImportApplyInput, ImportPreview } from '@common/schemas/historic';
import type { MessageAnswer } from '@common/schemas/answers';
import { getJson, okOrThrow, sendJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';
import { bulkMailKeys } from '../../query-keys/bulk-mail';
import { contactsKeys } from '../../query-keys/contacts';
import { historicKeys } from '../../query-keys/historic';

export const historicRecordsQuery = () => queryOptions<HistoricRecord[]>({ queryKey: historicKeys.records });
export const useHistoricRecords = () => useQuery(historicRecordsQuery());

export type { ImportAnswer, ImportPreview };

/** A multipart upload, so not the JSON helper; a failure raises an ApiError the same way. */
async function previewFile(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/admin/historic/import/preview', { method: 'POST', credentials: 'include', body: form });
  return (await okOrThrow(res)).json();
}

/** Step 1: the server reads the file and says what it would do; nothing changes yet. */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewFile });
}

/** Step 2: the previewed plan is applied; it changes the records, the contact list and the audit log. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportApplyInput) => sendJson<ImportAnswer>('POST', '/api/admin/historic/import/apply', input),
    onSuccess: () => {
      const changed = [historicKeys.records, contactsKeys.all, bulkMailKeys.mailingList, bulkMailKeys.audienceCounts, auditKeys.all];
      for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Cancel: the server drops the plan. */
export function useCancelImport() {
  return useMutation({
    mutationFn: (planId: string) => sendJson<MessageAnswer>('DELETE', `/api/admin/historic/import/${encodeURIComponent(planId)}`),
  });
}

export function useExportEmails() {
  return useMutation({ mutationFn: () => getJson<ExportEmails>('/api/admin/historic/export-emails') });
}
