import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExportEmails, HistoricRecord, ImportAnswer } from '@common/schemas/historic';
import { getJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const historicKey = ['/api/admin/historic-participants'] as const;

export function useHistoricRecords() {
  return useQuery<HistoricRecord[]>({ queryKey: historicKey });
}

export type { ImportAnswer };

/** A multipart upload, so not the JSON helper; a failure raises "<status>: <body>" the same way. */
async function importFile(file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/admin/import-historic-emails', { method: 'POST', credentials: 'include', body: form });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res.json();
}

/** An import changes the historic records, the mailing list and the audit log. */
export function useImportFile() {
  return useMutation({
    mutationFn: importFile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: historicKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/mailing-list'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/audit-log'] });
    },
  });
}

export function useExportEmails() {
  return useMutation({ mutationFn: () => getJson<ExportEmails>('/api/admin/export-emails') });
}
