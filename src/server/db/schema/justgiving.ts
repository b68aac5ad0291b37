/** The teams' JustGiving pages (features/justgiving). */
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { signups } from './teams';

/**
 * What the JustGiving sync last read of each team's page, and why it failed if it did: shown to
 * organisers on the donations page, never on public pages or answers.
 */
export const justGivingPages = pgTable('justgiving_pages', {
  signupId: integer('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  pageShortName: text('page_short_name').notNull(),
  /** Pence, from the last successful read; null before one. */
  raisedOnline: bigint('raised_online', { mode: 'number' }),
  raisedOffline: bigint('raised_offline', { mode: 'number' }),
  giftAid: bigint('gift_aid', { mode: 'number' }),
  total: bigint('total', { mode: 'number' }),
  target: bigint('target', { mode: 'number' }),
  /** The page's title and its owner's name as JustGiving gives them, so an organiser can tell it is the team's page. */
  title: text('title'),
  owner: text('owner'),
  /**
   * When an organiser confirmed that this page belongs to the team; null until then. Only a
   * confirmed page has a ledger line, so only its total reaches public answers. A change of the
   * team's page address removes this row and the line (trigger of migration 0021); an erasure
   * removes only the row, so the team's confirmed total still counts.
   */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** The last attempt's failure in the organisers' words; null once a read succeeds. */
  error: text('error'),
});

export type JustGivingPage = typeof justGivingPages.$inferSelect;
