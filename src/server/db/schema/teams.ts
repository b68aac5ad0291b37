/** Teams (registrations), their invitations and status history: signup, dashboard, registrations and most features read them. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RecordedSponsor } from '../../../common/schemas/signup';
import { entryStatuses } from '../../../common/schemas/entry-status';
import { encryptedText } from '../encrypted-text';
import { users } from './accounts';
import { timestamps } from './columns';

export const signups = pgTable(
  'signups',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The current season unless told (migration 0011's current_rally_year(): the latest settings row). */
    rallyYear: integer('rally_year')
      .notNull()
      .default(sql`current_rally_year()`),
    teamName: text('team_name').notNull(),
    driverFirstName: text('driver_first_name').notNull(),
    driverLastName: text('driver_last_name').notNull(),
    driverEmail: text('driver_email').notNull(),
    driverPhone: text('driver_phone').notNull(),
    driverAddress: text('driver_address').notNull(),
    /** Sensitive: stored encrypted (encrypted-text.ts), erased after the retention period. */
    driverPassport: encryptedText('driver_passport'),
    coDriverFirstName: text('co_driver_first_name'),
    coDriverLastName: text('co_driver_last_name'),
    coDriverEmail: text('co_driver_email'),
    coDriverPhone: text('co_driver_phone'),
    coDriverAddress: text('co_driver_address'),
    coDriverPassport: encryptedText('co_driver_passport'),
    /**
     * The co-driver's acceptance: when the owner of the co-driver address accepted from the
     * invitation e-mail, and the account that address belongs to (set then, or at its first
     * verification). Only this link gives a co-driver the team; a named address alone claims nothing.
     */
    coDriverAcceptedAt: timestamp('co_driver_accepted_at', { withTimezone: true }),
    coDriverUserId: uuid('co_driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the last named co-driver declined (their details are cleared then); null once another is named. */
    coDriverDeclinedAt: timestamp('co_driver_declined_at', { withTimezone: true }),
    carMake: text('car_make'),
    carModel: text('car_model'),
    carYear: integer('car_year'),
    carRegistration: text('car_registration'),
    carImageUrl: text('car_image_url'),
    /** Pence; null means the rally's minimum fundraising. A team may only raise it. */
    fundraisingTarget: integer('fundraising_target'),
    /** The team's own words on its donate page: plain text, line breaks kept. */
    story: text('story'),
    /** The driver's "new donation" e-mail when an organiser records a gift; they can turn it off. */
    newDonationEmails: boolean('new_donation_emails').notNull().default(true),
    previousRally: boolean('previous_rally').notNull().default(false),
    previousRallyYears: integer('previous_rally_years')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    dietaryRequirements: encryptedText('dietary_requirements'),
    medicalConditions: encryptedText('medical_conditions'),
    emergencyContactName: text('emergency_contact_name').notNull(),
    emergencyContactPhone: text('emergency_contact_phone').notNull(),
    emergencyContactRelationship: text('emergency_contact_relationship').notNull(),
    sponsors: jsonb('sponsors').$type<RecordedSponsor[]>().notNull().default([]),
    justGivingUrl: text('just_giving_url'),
    /** Where the entry stands; every change is recorded in entry_status_changes. */
    status: text('status', { enum: entryStatuses }).notNull().default('registered'),
    /** An organiser put the team on the waiting list: no place freeing up moves it off until they clear this. */
    heldOnWaitingList: boolean('held_on_waiting_list').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('signups_user_idx').on(t.userId),
    index('signups_co_driver_user_idx').on(t.coDriverUserId),
    index('signups_driver_email_idx').on(sql`lower(${t.driverEmail})`),
    index('signups_year_idx').on(t.rallyYear),
  ],
);

/**
 * A link e-mailed to an address someone else named on a team (co-driver, or a driver address that
 * belongs to an account already verified): single use, only a hash stored, one live link per team
 * and role. Its owner accepts or declines with it; until then the naming claims nothing.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['driver', 'co-driver'] }).notNull(),
    /** The address the link went to, lower case: the invitation holds only while the team still names it. */
    email: text('email').notNull(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_invitations_signup_role_idx').on(t.signupId, t.role)],
);

export type TeamInvitation = typeof teamInvitations.$inferSelect;

/** Each move of a team's status: who made it, when, from what, to what and why. */
export const entryStatusChanges = pgTable(
  'entry_status_changes',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: entryStatuses }),
    toStatus: text('to_status', { enum: entryStatuses }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entry_status_changes_signup_idx').on(t.signupId, t.createdAt)],
);

export type Signup = typeof signups.$inferSelect;
