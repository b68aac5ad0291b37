/**
 * The bulk-mail cache. A send's detail sits under `sends`, and every audience count (by its address)
 * under `audienceCounts`, so one key refreshes each group.
 */
export const bulkMailKeys = {
  mailingList: ['/api/admin/mailing-list'],
  sends: ['/api/admin/bulk-sends'],
  send: (id: number | null) => ['/api/admin/bulk-sends', id],
  drafts: ['/api/admin/email-drafts'],
  audienceCounts: ['/api/admin/bulk-email'],
  audienceCount: (url: string) => ['/api/admin/bulk-email', url],
} as const;
