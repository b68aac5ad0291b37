import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@common/schemas/audit';
import { getJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';

export function useAuditLog(page: number) {
  return useQuery({ queryKey: auditKeys.page(page), queryFn: () => getJson<AuditPage>(`/api/admin/audit?page=${page}`) });
}
