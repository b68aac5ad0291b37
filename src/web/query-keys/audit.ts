/** The audit log's cache: every organiser action invalidates `all`, so the log shows it straight away. */
export const auditKeys = {
  all: ['/api/admin/audit'],
  page: (page: number) => ['/api/admin/audit', page],
} as const;
