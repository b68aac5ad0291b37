import { z } from 'zod';
import { rawText, requiredText } from './primitives';
import { contactFilterSchema } from './contacts';

export const recipientTypes = ['registered_users', 'mailing_list'] as const;
export type RecipientType = (typeof recipientTypes)[number];

/**
 * Marketing mail (newsletters, appeals) honours consent and carries an unsubscribe link.
 * Operational mail (ferry times, route) goes to this year's registered teams whatever their
 * newsletter consent. The registered-teams audience is operational; the mailing list is marketing.
 */
export const mailKinds = ['marketing', 'operational'] as const;
export type MailKind = (typeof mailKinds)[number];
export const kindOf = (recipientType: RecipientType): MailKind => (recipientType === 'registered_users' ? 'operational' : 'marketing');

/** Spec section 3 "Bulk email"; onlyOptedIn applies to the mailing list and defaults to on. */
export const bulkEmailSchema = z.object({
  subject: requiredText('Subject and content are required', 200),
  htmlContent: requiredText('Subject and content are required', 200_000),
  recipientType: z.enum(recipientTypes).default('mailing_list'),
  onlyOptedIn: z.boolean().default(true),
  /** The contact list's filters narrowing the mailing-list audience; absent means everyone. */
  audience: contactFilterSchema.default({}),
});
export type BulkEmailInput = z.input<typeof bulkEmailSchema>;

/** An unsubscribe token in a path: base64url, long enough to be unguessable. */
export const unsubscribeTokenParamSchema = z.object({ token: rawText(200).min(1) });

/** The audience count query: the same fields as a send's audience. */
export const audienceQuerySchema = contactFilterSchema.extend({
  recipientType: z.enum(recipientTypes).default('mailing_list'),
  onlyOptedIn: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});

/** One bulk send's progress, as the admin page shows it. */
export type BulkSendProgress = {
  id: number;
  subject: string;
  recipientType: RecipientType;
  kind: MailKind;
  status: 'queued' | 'sending' | 'paused' | 'done';
  createdAt: string;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Refused permanently by the receiving server (SMTP 5xx); the contact is marked bounced. */
  bounced: number;
  /** Messages sent in the last minute, per minute. */
  perMinute: number;
};
