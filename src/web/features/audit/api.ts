import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@common/schemas/audit';
import { getJson } from '../../lib/api';

/** Every organiser action refreshes this key, so the log shows it straight away. */
export const auditKey = ['/api/admin/audit-log'] as const;

export function useAuditLog(page: number) {
  return useQuery({ queryKey: [...auditKey, page], queryFn: () => getJson<AuditPage>(`/api/admin/audit-log?page=${page}`) });
}
