import { z } from 'zod';

/** The organisers' Site health page: the facts an operator's metrics show, in words. */
export const siteHealthSchema = z.object({
  /** The site's version (package.json) and when this instance started (ISO date-time). */
  version: z.string(),
  startedAt: z.string(),
  /** The last `npm run backup` on this data folder, or null when none is recorded. */
  lastBackup: z.object({ at: z.string(), bytes: z.number().int() }).nullable(),
  backupOverdue: z.boolean(),
  /** E-mails that failed in the last day on this instance, newest first. */
  failedEmails: z.array(z.object({ to: z.string(), reason: z.string(), at: z.string() })),
  jobs: z.array(z.object({ queue: z.string(), waiting: z.number().int(), active: z.number().int(), failed: z.number().int() })),
  /** Free space on the disk holding the data folder (null when it cannot be read), and the alarm. */
  diskFreeMb: z.number().int().nullable(),
  minFreeDiskMb: z.number().int(),
  liveStreamsOpen: z.number().int(),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;
