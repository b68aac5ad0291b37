import { z } from 'zod';

/** One row of the organisers' audit log. */
export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** One page of the log, newest first. */
export const auditPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
