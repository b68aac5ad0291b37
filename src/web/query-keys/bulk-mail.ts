/**
 * The bulk-mail cache. A send's detail sits under `sends`, and every audience count (by its address)
 * under `audienceCounts`, so one key refreshes each group.
 */
export const bulkMailKeys = {
  mailingList: ['/api/admin/bulk-mail/mailing-list'],
  sends: ['/api/admin/bulk-mail/sends'],
  send: (id: number | null) => ['/api/admin/bulk-mail/sends', id],
  drafts: ['/api/admin/bulk-mail/drafts'],
  audienceCounts: ['/api/admin/bulk-mail'],
  audienceCount: (url: string) => ['/api/admin/bulk-mail', url],
} as const;
