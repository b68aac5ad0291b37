import { z } from 'zod';
import { emailAddress, INT4_MAX, rawText, requiredText, text } from './primitives';
import { contactFilterSchema } from './contacts';

/**
 * Who a send went to: every team of this year, the mailing list, or the teams an organiser ticked
 * in the registrations table.
 */
export const recipientTypes = ['registered_users', 'mailing_list', 'selected_teams', 'team_followers'] as const;
export type RecipientType = (typeof recipientTypes)[number];
/** The audiences of the bulk e-mail forms; selected teams have their own route, which takes the ids. */
export const formRecipientTypes = ['registered_users', 'mailing_list'] as const;

/**
 * Marketing mail (newsletters, appeals) honours consent and carries an unsubscribe link.
 * Operational mail (ferry times, route) goes to this year's registered teams whatever their
 * newsletter consent. The registered-teams audience is operational; the mailing list is marketing.
 * A team's followers get its updates by their follow of that team (features/followers), never by
 * the mailing list's consent; the site writes those itself.
 */
export const mailKinds = ['marketing', 'operational', 'followers'] as const;
export type MailKind = (typeof mailKinds)[number];
export const kindOf = (recipientType: RecipientType): MailKind => (recipientType === 'mailing_list' ? 'marketing' : 'operational');

/** Spec section 3 "Bulk email"; onlyOptedIn applies to the mailing list and defaults to on. */
export const bulkEmailSchema = z.object({
  subject: requiredText('Subject and content are required', 200),
  htmlContent: requiredText('Subject and content are required', 200_000),
  recipientType: z.enum(formRecipientTypes).default('mailing_list'),
  onlyOptedIn: z.boolean().default(true),
  /** The contact list's filters narrowing the mailing-list audience; absent means everyone. */
  audience: contactFilterSchema.default({}),
});
export type BulkEmailInput = z.input<typeof bulkEmailSchema>;

/**
 * The composer's preview and test send: the message as it stands, and which recipient of the
 * audience to fill the merge fields for (absent: the audience's first).
 */
export const composePreviewSchema = bulkEmailSchema.extend({
  recipientEmail: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailAddress().optional()),
});
export type ComposePreviewInput = z.input<typeof composePreviewSchema>;

const recipientSchema = z.object({ email: z.string(), name: z.string().nullable() });

/** One recipient's message, rendered by the code that renders the real send. */
export const composePreviewAnswerSchema = z.object({
  /** Whose merge fields filled the message; null when the audience is empty. */
  recipient: recipientSchema.nullable(),
  /** The first recipients of the audience, to choose whom to preview for. */
  recipients: z.array(recipientSchema),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type ComposePreviewAnswer = z.infer<typeof composePreviewAnswerSchema>;

export const testSendAnswerSchema = z.object({ message: z.string(), to: z.string() });
export type TestSendAnswer = z.infer<typeof testSendAnswerSchema>;

/** A saved draft: everything may still be empty except that it must hold something. */
export const emailDraftInputSchema = z
  .object({
    subject: text(200).default(''),
    htmlContent: rawText(200_000).default(''),
    recipientType: z.enum(formRecipientTypes).default('mailing_list'),
    onlyOptedIn: z.boolean().default(true),
    audience: contactFilterSchema.default({}),
  })
  .refine((d) => d.subject !== '' || d.htmlContent.trim() !== '', 'A draft needs a subject or some content');
export type EmailDraftInput = z.input<typeof emailDraftInputSchema>;

export const emailDraftSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  htmlContent: z.string(),
  recipientType: z.enum(formRecipientTypes),
  onlyOptedIn: z.boolean(),
  audience: contactFilterSchema,
  /** ISO date-times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailDraft = z.infer<typeof emailDraftSchema>;

/** An unsubscribe token in a path: base64url, long enough to be unguessable. */
export const unsubscribeTokenParamSchema = z.object({ token: rawText(200).min(1) });

/** The audience count query: the same fields as a send's audience. */
export const audienceQuerySchema = contactFilterSchema.extend({
  recipientType: z.enum(formRecipientTypes).default('mailing_list'),
  onlyOptedIn: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

const signupIds = z
  .array(z.number().int().positive().max(INT4_MAX))
  .min(1, 'Select at least one team')
  .max(500, 'Select at most 500 teams at a time');

/**
 * A message to the teams ticked in the registrations table, to their drivers and co-drivers. It is
 * about the team's entry, so it is operational mail; the message is plain text.
 */
export const teamEmailSchema = z.object({
  signupIds,
  subject: requiredText('Subject and message are required', 200),
  message: requiredText('Subject and message are required', 20_000),
});
export type TeamEmailInput = z.input<typeof teamEmailSchema>;

/** The same teams as a query (`?signupIds=3,8,12`), to count the addresses before writing. */
export const teamAudienceQuerySchema = z.object({
  signupIds: z
    .string()
    .max(6_000)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'signupIds must be team ids separated by commas')
    .transform((v) => v.split(',').map(Number))
    .pipe(signupIds),
});

/** One bulk send's progress, as the admin page shows it. */
export const bulkSendProgressSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  recipientType: z.enum(recipientTypes),
  kind: z.enum(mailKinds),
  status: z.enum(['queued', 'sending', 'paused', 'done']),
  /** ISO date-time. */
  createdAt: z.string(),
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Refused permanently by the receiving server (SMTP 5xx); the contact is marked bounced. */
  bounced: z.number().int(),
  /** Messages sent in the last minute, per minute. */
  perMinute: z.number().int(),
  /** Recipients who clicked a link in it (each once); null when the send did not count clicks. */
  clicked: z.number().int().nullable(),
});
export type BulkSendProgress = z.infer<typeof bulkSendProgressSchema>;

/** A past or running send, opened from the history: the message as it was sent and its audience. */
export const bulkSendDetailSchema = bulkSendProgressSchema.extend({
  html: z.string(),
  text: z.string(),
  onlyOptedIn: z.boolean(),
  /** The contact list's filters the audience was chosen with (empty for the teams). */
  audience: contactFilterSchema,
});
export type BulkSendDetail = z.infer<typeof bulkSendDetailSchema>;

/** A queued send: how many it goes to, and its id for the progress list. */
export const bulkSendAnswerSchema = z.object({ message: z.string(), sent: z.number().int(), bulkSendId: z.number().int() });
export type BulkSendAnswer = z.infer<typeof bulkSendAnswerSchema>;

/** The audience's size by the rule the send will use. */
export const audienceCountSchema = z.object({ count: z.number().int(), kind: z.enum(mailKinds) });
export type AudienceCount = z.infer<typeof audienceCountSchema>;

export const generateTokensAnswerSchema = z.object({ message: z.string(), generated: z.number().int() });
export type GenerateTokensAnswer = z.infer<typeof generateTokensAnswerSchema>;

/**
 * The mailing list's shape (spec section 3 "Mailing contact"), read from the contact list. Who may
 * be mailed is decided by one rule on the server (src/server/services/contact-audience.ts).
 */
export const mailingContactSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** true opted in, false opted out, null not asked. */
  emailOptIn: z.boolean().nullable(),
  unsubscribeToken: z.string().nullable(),
  /** Drove on a rally (the spec's field); `roles` says every role, empty for a subscriber. */
  isDriver: z.boolean(),
  roles: z.array(z.enum(['driver', 'co-driver'])),
  yearCount: z.number().int(),
  years: z.array(z.number().int()),
});
export type MailingContact = z.infer<typeof mailingContactSchema>;

/**
 * What the unsubscribe page shows of the link's owner, and where their address stands. The
 * actions add a sentence to show.
 */
export const unsubscribeStateSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  unsubscribed: z.boolean(),
  /** True for a short while after unsubscribing through this link. */
  canResubscribe: z.boolean(),
  message: z.string().optional(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;
