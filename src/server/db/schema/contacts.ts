/** Contacts, their consent and opt-outs (features/contacts, consent, unsubscribe). */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, check } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Addresses that left the mailing list (lowercase), whichever list or link they used. It is also
 * the tombstone of a deleted contact: the person is erased, the address is never mailed again.
 */
export const emailOptOuts = pgTable('email_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const consentStates = ['opted_in', 'opted_out', 'not_asked'] as const;

/**
 * Everyone the rally can e-mail, once per lower-cased address, whatever brought them (the
 * `sources`). Historic ralliers and this year's teams arrive through database triggers, Get
 * Updates subscribers and manual entries through the app. Consent says whether marketing mail
 * may go; `consent_at` and `consent_source` say when and how it was given or withdrawn.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    years: integer('years')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    consent: text('consent', { enum: consentStates }).notNull().default('not_asked'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentSource: text('consent_source'),
    /** 256 random bits; the personal unsubscribe link. */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    /** Set when a mail server refused the address permanently (SMTP 5xx); left out of later sends. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    /** When a "Request consent" e-mail was last queued for this contact; a later request leaves them out. */
    consentRequestedAt: timestamp('consent_requested_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('contacts_email_lower', sql`${t.email} = lower(trim(${t.email})) and ${t.email} <> ''`),
    check('contacts_consent', sql`${t.consent} in ('opted_in', 'opted_out', 'not_asked')`),
  ],
);

export type Contact = typeof contacts.$inferSelect;
