import { z } from 'zod';

/** One team's JustGiving page as the sync last read it (pence); organisers only. */
export const justGivingPageStatusSchema = z.object({
  signupId: z.number().int(),
  teamName: z.string(),
  pageShortName: z.string(),
  total: z.number().int().nullable(),
  raisedOnline: z.number().int().nullable(),
  raisedOffline: z.number().int().nullable(),
  giftAid: z.number().int().nullable(),
  target: z.number().int().nullable(),
  /** ISO date-times. */
  lastAttemptAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  /** Why the last read failed; null when it worked. */
  error: z.string().nullable(),
});
export type JustGivingPageStatus = z.infer<typeof justGivingPageStatusSchema>;

/** The JustGiving sync for the organisers' donations page. */
export const justGivingSyncStatusSchema = z.object({
  /** False until JUSTGIVING_APP_ID is set: there is nothing to sync. */
  configured: z.boolean(),
  /** When a page was last read (ISO), whichever run read it. */
  lastSyncAt: z.string().nullable(),
  pages: z.array(justGivingPageStatusSchema),
});
export type JustGivingSyncStatus = z.infer<typeof justGivingSyncStatusSchema>;
