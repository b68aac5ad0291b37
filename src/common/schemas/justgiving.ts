import { z } from 'zod';

/** A JustGiving page's short name: letters, digits and dashes (JustGiving's own page addresses). */
export const PAGE_SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,149}$/;

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
  /** The page's title and owner as JustGiving gives them: what an organiser checks before confirming. */
  title: z.string().nullable(),
  owner: z.string().nullable(),
  /**
   * When an organiser confirmed the page is the team's (ISO); null until then, and while null the
   * page's total is shown to organisers only.
   */
  confirmedAt: z.string().nullable(),
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

/**
 * An organiser's "this page is the team's": names the page they were shown, so a page address
 * that changed since is not confirmed in its place.
 */
export const justGivingConfirmSchema = z.object({
  pageShortName: z.string().regex(PAGE_SHORT_NAME, 'That is not a JustGiving page name'),
});
export type JustGivingConfirm = z.infer<typeof justGivingConfirmSchema>;
