/** Get Updates subscriptions from the public pages (features/email-updates). */
import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const emailUpdates = pgTable(
  'email_updates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** When the subscriber followed the confirmation link (double opt-in); null while pending. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_updates_email_lower_idx').on(sql`lower(${t.email})`)],
);
