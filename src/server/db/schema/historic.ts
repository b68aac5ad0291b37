/** The historic rallier database and its import plans (features/historic). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { signups } from './teams';
import { timestamps } from './columns';

export const historicParticipants = pgTable(
  'historic_participants',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    rank: integer('rank'),
    carNumber: integer('car_number'),
    teamName: text('team_name'),
    driverFirstName: text('driver_first_name'),
    driverLastName: text('driver_last_name'),
    coDriverFirstName: text('co_driver_first_name'),
    coDriverLastName: text('co_driver_last_name'),
    carModel: text('car_model'),
    totalScore: integer('total_score'),
    email: text('email'),
    coDriverEmail: text('co_driver_email'),
    /** true opted in, false opted out, null not asked. */
    emailOptIn: boolean('email_opt_in'),
    coDriverEmailOptIn: boolean('co_driver_email_opt_in'),
    unsubscribeToken: text('unsubscribe_token').unique(),
    coDriverUnsubscribeToken: text('co_driver_unsubscribe_token').unique(),
    /** The team this record was published from ("Publish results"), so publishing again updates it. */
    signupId: integer('signup_id')
      .unique()
      .references(() => signups.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('historic_participants_year_idx').on(t.year),
    // A change of address finds every record of the person by these (services/contact-address.ts).
    index('historic_participants_email_idx').on(sql`lower(trim(${t.email}))`),
    index('historic_participants_co_driver_email_idx').on(sql`lower(trim(${t.coDriverEmail}))`),
  ],
);

export type HistoricParticipant = typeof historicParticipants.$inferSelect;

/**
 * A spreadsheet import as previewed, waiting for the organiser's Apply or Cancel. Apply takes the
 * row out (so a plan applies once, on any instance); an unused plan is deleted after it expires.
 */
export const importPlans = pgTable('import_plans', {
  id: text('id').primaryKey(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
  plan: jsonb('plan').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
