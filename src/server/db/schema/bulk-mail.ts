/** Bulk sends, their outbox and drafts (features/bulk-mail, services/bulk-outbox.ts). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

/** One bulk e-mail as the admin sent it. */
export const bulkSends = pgTable('bulk_sends', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  recipientType: text('recipient_type').notNull(),
  onlyOptedIn: boolean('only_opted_in').notNull().default(true),
  status: text('status').notNull().default('queued'),
  /** 'marketing' honours consent and carries an unsubscribe link; 'operational' goes to this year's teams. */
  kind: text('kind').notNull().default('marketing'),
  /** The contact filters the audience was chosen with, as the organiser saw them. */
  audience: jsonb('audience'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The site's address when the send was made, for the unsubscribe links the worker writes. */
  siteUrl: text('site_url'),
  /** Its links go through the site's /l/ counter (the trackLinkClicks setting when it was queued). */
  trackClicks: boolean('track_clicks').notNull().default(false),
  ...timestamps,
});

/**
 * A bulk e-mail the organisers are still writing: the composer saves it here, and any organiser
 * may open it, carry on, send it or delete it. The audience is the contact list's filters.
 */
export const emailDrafts = pgTable('email_drafts', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull().default(''),
  html: text('html').notNull().default(''),
  recipientType: text('recipient_type').notNull().default('mailing_list'),
  onlyOptedIn: boolean('only_opted_in').notNull().default(true),
  audience: jsonb('audience').$type<Record<string, string | number>>().notNull().default({}),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** The outbox: one row per recipient, so a restart resumes without skipping or repeating. */
export const bulkSendRecipients = pgTable(
  'bulk_send_recipients',
  {
    id: serial('id').primaryKey(),
    bulkSendId: integer('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    unsubscribeToken: text('unsubscribe_token'),
    /** Values for the merge fields ({{firstName}}, {{teamName}}), fixed when the send was queued. */
    mergeFields: jsonb('merge_fields').$type<Record<string, string>>(),
    status: text('status').notNull().default('queued'),
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the recipient first followed a link in the message; later clicks are not counted. */
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    /** A claimed row ('sending') belongs to its worker until then; after, another may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** A row waiting for a retry after a temporary failure is not taken before then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_send_recipients_unique').on(t.bulkSendId, sql`lower(${t.email})`),
    index('bulk_send_recipients_status_idx').on(t.bulkSendId, t.status),
    // The next row to send is the first queued one: read from here instead of sorting every queued row per claim.
    index('bulk_send_recipients_queued_idx')
      .on(t.bulkSendId, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('bulk_send_recipients_token_idx').on(t.unsubscribeToken),
  ],
);
