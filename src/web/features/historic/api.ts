import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExportEmails, HistoricRecord, ImportAnswer, ImportApplyInput, ImportPreview } from '@common/schemas/historic';
import type { MessageAnswer } from '@common/schemas/answers';
import { getJson, sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const historicKey = ['/api/admin/historic-participants'] as const;

export function useHistoricRecords() {
  return useQuery<HistoricRecord[]>({ queryKey: historicKey });
}

export type { ImportAnswer, ImportPreview };

/** A multipart upload, so not the JSON helper; a failure raises "<status>: <body>" the same way. */
async function previewFile(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/admin/import-historic-emails/preview', { method: 'POST', credentials: 'include', body: form });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res.json();
}

/** Step 1: the server reads the file and says what it would do; nothing changes yet. */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewFile });
}

/** Step 2: the previewed plan is applied; it changes the records, the contact list and the audit log. */
export function useApplyImport() {
  return useMutation({
    mutationFn: (input: ImportApplyInput) => sendJson<ImportAnswer>('POST', '/api/admin/import-historic-emails/apply', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: historicKey });
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' && /^\/api\/admin\/(contacts|mailing-list|bulk-email|audit-log)/.test(q.queryKey[0]),
      });
    },
  });
}

/** Cancel: the server drops the plan. */
export function useCancelImport() {
  return useMutation({
    mutationFn: (planId: string) => sendJson<MessageAnswer>('DELETE', `/api/admin/import-historic-emails/${encodeURIComponent(planId)}`),
  });
}

export function useExportEmails() {
  return useMutation({ mutationFn: () => getJson<ExportEmails>('/api/admin/export-emails') });
}
