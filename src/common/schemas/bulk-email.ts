import { z } from 'zod';

export const recipientTypes = ['registered_users', 'mailing_list'] as const;
export type RecipientType = (typeof recipientTypes)[number];

/** Spec section 3 "Bulk email"; onlyOptedIn applies to the mailing list and defaults to on. */
export const bulkEmailSchema = z.object({
  subject: z.string({ error: 'Subject and content are required' }).trim().min(1, 'Subject and content are required').max(200, 'The subject is too long'),
  htmlContent: z.string({ error: 'Subject and content are required' }).trim().min(1, 'Subject and content are required').max(200_000, 'The content is too long'),
  recipientType: z.enum(recipientTypes).default('mailing_list'),
  onlyOptedIn: z.boolean().default(true),
});
export type BulkEmailInput = z.input<typeof bulkEmailSchema>;

/** An unsubscribe token in a path: base64url, long enough to be unguessable. */
export const unsubscribeTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** One bulk send's progress, as the admin page shows it. */
export type BulkSendProgress = {
  id: number;
  subject: string;
  recipientType: RecipientType;
  status: 'queued' | 'sending' | 'paused' | 'done';
  createdAt: string;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
};
