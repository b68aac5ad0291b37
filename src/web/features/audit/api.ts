import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@common/schemas/audit';
import { getJson } from '../../lib/api';
import { auditKeys } from '../../query-keys/audit';

export const auditLogQuery = (page: number) =>
  queryOptions({ queryKey: auditKeys.page(page), queryFn: () => getJson<AuditPage>(`/api/admin/audit?page=${page}`) });
export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
