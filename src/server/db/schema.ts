import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  date,
  doublePrecision,
  real,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  check,
} from 'drizzle-orm/pg-core';
import type { RecordedSponsor, TeamRole } from '../../common/schemas/signup';
import type { RallySettings } from '../../common/schemas/rally-settings';
import { entryStatuses } from '../../common/schemas/entry-status';
import { depositMethods, depositSources } from '../../common/schemas/deposits';
import { paymentMethods } from '../../common/schemas/donation';
import { positionSources } from '../../common/schemas/tracking';
import { answerKinds, answerStatuses, type ClueHint } from '../../common/schemas/clues';
import { encryptedText } from './encrypted-text';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** scrypt hash; null until the person sets a password (imported or invited accounts). */
    password: text('password'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** When the owner proved the mailbox (followed a verification or reset link); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** E-mail verification links: single use, 24 hours, one live link per account. Only a hash is stored. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

/** Reset and set-password links. Only a hash of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Server-side sessions shared by every app instance. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** Kept beside sess so "end this user's sessions" is one indexed delete. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

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

/** A team's deposit, once paid: entered by an organiser or confirmed by GoCardless. One per team. */
export const deposits = pgTable('deposits', {
  signupId: integer('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  amountPence: integer('amount_pence').notNull(),
  method: text('method', { enum: depositMethods }).notNull(),
  paidOn: date('paid_on', { mode: 'string' }).notNull(),
  source: text('source', { enum: depositSources }).notNull(),
  /** GoCardless's payment id (PM...) for a direct-debit deposit. */
  providerPaymentId: text('provider_payment_id'),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the driver's receipt went out; null until then. Recording the deposit and sending its
   * receipt are two steps, so a retried job that finds the deposit recorded still sends a missing receipt.
   */
  receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
});
export type Deposit = typeof deposits.$inferSelect;

/** Each GoCardless webhook event, stored once by its id and processed by a job. */
export const gocardlessEvents = pgTable(
  'gocardless_events',
  {
    id: text('id').primaryKey(),
    resourceType: text('resource_type').notNull(),
    action: text('action').notNull(),
    paymentId: text('payment_id'),
    /** When GoCardless created the event (not when it reached us). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * When the event's changes to the database were committed (a failed payment's undoing and its
     * audit row); its e-mails may still be due. A retry then changes nothing twice.
     */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * While a job or the sweep is applying the event, until when it is theirs: two workers never
     * apply one event at once, and one that stopped midway hands it back when this passes.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    index('gocardless_events_payment_idx').on(t.paymentId, t.createdAt),
    // The sweep's search: events stored but not yet applied.
    index('gocardless_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * A webhook event GoCardless signed but this site cannot read (a missing or malformed field). It is
 * kept as received for the organisers (the audit log points to it) and never applied; the rest of
 * its batch is stored and applied as usual.
 */
export const gocardlessRejectedEvents = pgTable('gocardless_rejected_events', {
  /** SHA-256 of the event as received, so a redelivered batch records it once. */
  fingerprint: text('fingerprint').primaryKey(),
  /** The event's own id, when it had a readable one. */
  eventId: text('event_id'),
  /** What was wrong with it. */
  problem: text('problem').notNull(),
  /** The event as JSON text (it may not be an object, or not fit a jsonb column). */
  payload: text('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** How a donation was paid: a PostgreSQL enum of the methods in src/common/schemas/donation.ts. */
export const paymentMethod = pgEnum('payment_method', paymentMethods);

export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    /**
     * Pence. bigint because one line can be a whole JustGiving page's total, which may pass an
     * int4's £21M; amounts typed in stay within int4 (pence() in src/common).
     */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull().default('GBP'),
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** The donor's wish: the supporters wall and public answers leave the amount out (it still counts). */
    hideAmount: boolean('hide_amount').notNull().default(false),
    paymentMethod: paymentMethod('payment_method').notNull(),
    gocardlessPaymentId: text('gocardless_payment_id'),
    gocardlessStatus: text('gocardless_status'),
    message: text('message'),
    /** Who put the donation in the ledger; a participant may change only their own ('participant'). */
    source: text('source').notNull().default('participant'),
    /**
     * Which team member typed a 'participant' entry: a co-driver may change only their own, the
     * driver (the team's owner) any (common/team-records.ts). Entries from before it was recorded
     * were the driver's. Meaningless for the organisers' sources.
     */
    recordedBy: text('recorded_by').$type<TeamRole>().notNull().default('driver'),
    /** 'reported' until an organiser checks it; a setting can keep reported ones out of public totals. */
    state: text('state').notNull().default('reported'),
    /** Set by forms so a double submit records one donation. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donations_signup_idx').on(t.signupId),
    check('donations_amount_positive', sql`${t.amount} > 0`),
    check('donations_source', sql`${t.source} in ('participant','organiser','justgiving','gocardless')`),
    check('donations_state', sql`${t.state} in ('reported','verified')`),
    check('donations_recorded_by', sql`${t.recordedBy} in ('driver','co-driver')`),
    index('donations_created_idx').on(t.createdAt),
    // The JustGiving sync keeps one line per team, replaced in place (never appended).
    uniqueIndex('donations_one_justgiving_line')
      .on(t.signupId)
      .where(sql`${t.source} = 'justgiving'`),
  ],
);

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

/** Fixed-window counters shared by every instance (login, register, reset...). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Who did what to which record, for the organisers. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

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

/**
 * Addresses that left the mailing list (lowercase), whichever list or link they used. It is also
 * the tombstone of a deleted contact: the person is erased, the address is never mailed again.
 */
export const emailOptOuts = pgTable('email_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Signed e-mail links (consent, subscription confirmation) that have been followed, by the
 * SHA-256 of the token: each grants its opt-in once, so a link kept in an inbox cannot undo a
 * later unsubscribe.
 */
export const usedLinks = pgTable('used_links', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every upload URL handed out: who it counts against (the total upload quota of a session and of
 * a team or account), when its file arrived through our own signed PUT (disk: once), and when it
 * was attached (once, whatever the storage).
 */
export const uploadObjects = pgTable(
  'upload_objects',
  {
    objectId: uuid('object_id').primaryKey(),
    sessionKey: text('session_key'),
    ownerKey: text('owner_key'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [index('upload_objects_session_key_idx').on(t.sessionKey), index('upload_objects_owner_key_idx').on(t.ownerKey)],
);

export type User = typeof users.$inferSelect;
export type Signup = typeof signups.$inferSelect;
export type Donation = typeof donations.$inferSelect;
export type HistoricParticipant = typeof historicParticipants.$inferSelect;

/**
 * One counter that database triggers bump on every change to teams, donations or historic
 * ralliers; instances keep the public lists as ready JSON and rebuild them when it moves.
 */
export const publicDataVersion = pgTable('public_data_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
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

/**
 * The facts of each rally year that organisers edit on /admin/settings (validated by the shared
 * rally settings schema). The current season is the latest year; a new season adds a row.
 */
export const rallySettings = pgTable('rally_settings', {
  year: integer('year').primaryKey(),
  settings: jsonb('settings').$type<RallySettings>().notNull(),
  ...timestamps,
});

/** The past rallies the public pages show (home carousel, /rally/{year}, the Previous Rallies menu). */
export const rallies = pgTable('rallies', {
  year: integer('year').primaryKey(),
  destination: text('destination').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  distance: text('distance').notNull().default(''),
  duration: text('duration').notNull().default(''),
  routeId: text('route_id').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  plateImageUrl: text('plate_image_url').notNull(),
  ...timestamps,
});
export type Rally = typeof rallies.$inferSelect;

/** A past rally's gallery, in the organisers' order. */
export const rallyPhotos = pgTable(
  'rally_photos',
  {
    id: serial('id').primaryKey(),
    rallyYear: integer('rally_year')
      .notNull()
      .references(() => rallies.year, { onDelete: 'cascade', onUpdate: 'cascade' }),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    caption: text('caption').notNull().default(''),
    position: integer('position').notNull(),
    ...timestamps,
  },
  (t) => [index('rally_photos_year_position_idx').on(t.rallyYear, t.position)],
);

/** The home page's Rally Champions table, one row per year, kept by organisers on /admin/results. */
export const winners = pgTable('winners', {
  year: integer('year').primaryKey(),
  destination: text('destination').notNull(),
  /** The winners' names as the table shows them ("Peter Le Sueur & Mark Renouf"). */
  winners: text('winners').notNull(),
  teamName: text('team_name').notNull(),
  ...timestamps,
});

/** A team's result, entered by organisers after the rally; rank and car number are unique within a year. */
export const teamResults = pgTable(
  'team_results',
  {
    signupId: integer('signup_id')
      .primaryKey()
      .references(() => signups.id, { onDelete: 'cascade' }),
    rallyYear: integer('rally_year').notNull(),
    rank: integer('rank').notNull(),
    /** Empty until an organiser types it: results filled from the treasure hunt give rank and score only. */
    carNumber: integer('car_number'),
    score: integer('score'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('team_results_year_rank_idx').on(t.rallyYear, t.rank),
    uniqueIndex('team_results_year_car_idx').on(t.rallyYear, t.carNumber),
  ],
);

/** The Rallier Stories on the home page, in the organisers' order (/admin/home-page). */
export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  quote: text('quote').notNull(),
  author: text('author').notNull(),
  rallyLabel: text('rally_label').notNull().default(''),
  position: integer('position').notNull(),
  ...timestamps,
});

/**
 * The Rally in Numbers tiles (one row): the funds raised before the site kept the ledger, and an
 * organiser's override per tile (null: the computed figure is shown).
 */
export const homeStats = pgTable('home_stats', {
  id: integer('id').primaryKey().default(1),
  /** Funds raised up to and including `historicFundsThroughYear`, in pence; later seasons' donations are added. */
  historicFundsPence: bigint('historic_funds_pence', { mode: 'number' }).notNull(),
  historicFundsThroughYear: integer('historic_funds_through_year').notNull(),
  ralliesOverride: text('rallies_override'),
  ralliersOverride: text('ralliers_override'),
  kilometresOverride: text('kilometres_override'),
  fundsOverride: text('funds_override'),
  ...timestamps,
});

/** Each rally's route by year (past rallies and the current season): named stops, [longitude, latitude]. */
export const rallyRoutes = pgTable('rally_routes', {
  year: integer('year').primaryKey(),
  stops: jsonb('stops').$type<{ name: string; coordinates: [number, number] }[]>().notNull(),
  ...timestamps,
});

/**
 * One row per instance, rewritten by `/health/ready`: a committed write proves the database
 * accepts writes (a full disk answers reads but refuses writes).
 */
export const healthChecks = pgTable('health_checks', {
  instance: text('instance').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/**
 * A team's position sharing (features/tracking): off until its driver or co-driver turns it on,
 * then on or paused. The tracker address's token is stored as a SHA-256 hash only (shown once).
 */
export const teamTracking = pgTable('team_tracking', {
  signupId: integer('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  sharing: boolean('sharing').notNull().default(false),
  /** When sharing was last turned on or paused; null: never turned on. */
  sharingChangedAt: timestamp('sharing_changed_at', { withTimezone: true }),
  trackerTokenHash: text('tracker_token_hash').unique(),
  trackerCreatedAt: timestamp('tracker_created_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * Where a sharing team was: personal data, erased with the season's other sensitive data
 * (privacy/retention.ts). `clientId` makes a retried post count once: the rally app's own id, or
 * the tracker's source and fix time.
 */
export const teamPositions = pgTable(
  'team_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    rallyYear: integer('rally_year').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Metres, as the device reported it. */
    accuracy: real('accuracy'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: positionSources }).notNull(),
    clientId: text('client_id').notNull(),
  },
  (t) => [
    uniqueIndex('team_positions_client_idx').on(t.signupId, t.clientId),
    // The latest position of a team (its own, the public map's delayed one) is one index probe.
    index('team_positions_latest_idx').on(t.signupId, t.recordedAt.desc()),
    index('team_positions_year_idx').on(t.rallyYear),
    check('team_positions_lat', sql`${t.lat} between -90 and 90`),
    check('team_positions_lng', sql`${t.lng} between -180 and 180`),
    check('team_positions_source', sql`${t.source} in ('app','owntracks','traccar')`),
  ],
);
export type TeamPosition = typeof teamPositions.$inferSelect;

/**
 * The treasure hunt's clues (docs/features/clues.md): each on a rally day (1 = the
 * season's first rally day in the settings), its text hidden from teams until `release_at`, a place
 * with a radius for check-ins, and how it is answered. Hints carry ids of their own (kept across
 * edits), so a hint a team took stays the same hint.
 */
export const clues = pgTable(
  'clues',
  {
    id: serial('id').primaryKey(),
    rallyYear: integer('rally_year').notNull(),
    day: integer('day').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    placeName: text('place_name').notNull().default(''),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    radiusMetres: integer('radius_metres').notNull(),
    points: integer('points').notNull(),
    answerKind: text('answer_kind', { enum: answerKinds }).notNull(),
    /** Text clues: the answers that score, as the organiser typed them (compared folded, answer-match.ts). */
    acceptedAnswers: text('accepted_answers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hints: jsonb('hints').$type<ClueHint[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('clues_year_day_idx').on(t.rallyYear, t.day, t.releaseAt)],
);
export type Clue = typeof clues.$inferSelect;

/**
 * Every answer a team sent, once per id made on the phone (`client_id`): a retry finds its row and
 * gets the same result. `fingerprint` is the request as first sent, so the same id with another
 * answer is refused. A team scores a clue once: one correct or approved answer, one pending photo.
 */
export const clueAnswers = pgTable(
  'clue_answers',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull().unique(),
    fingerprint: text('fingerprint').notNull(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    clueId: integer('clue_id')
      .notNull()
      .references(() => clues.id),
    kind: text('kind', { enum: answerKinds }).notNull(),
    answerText: text('answer_text'),
    photoUrl: text('photo_url'),
    /** Where the phone was (personal data: erased with the season's other sensitive data). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMetres: doublePrecision('accuracy_metres'),
    /** The phone's time of the answer (an answer queued offline arrives later). */
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: answerStatuses }).notNull(),
    /** What the answer scored: the clue's points once correct or approved, else 0. */
    points: integer('points').notNull().default(0),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('clue_answers_team_idx').on(t.signupId, t.clueId),
    uniqueIndex('clue_answers_one_score_idx')
      .on(t.signupId, t.clueId)
      .where(sql`${t.status} in ('correct', 'approved')`),
    uniqueIndex('clue_answers_one_pending_idx')
      .on(t.signupId, t.clueId)
      .where(sql`${t.status} = 'pending'`),
    index('clue_answers_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
export type ClueAnswer = typeof clueAnswers.$inferSelect;

/** Hints a team took, each once, at the cost it had then. */
export const clueHintTakes = pgTable(
  'clue_hint_takes',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull().unique(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    clueId: integer('clue_id')
      .notNull()
      .references(() => clues.id),
    hintId: uuid('hint_id').notNull(),
    cost: integer('cost').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the team did it, by the phone (an act queued without signal arrives later); null before acts carried it. */
    madeAt: timestamp('made_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('clue_hint_takes_team_hint_idx').on(t.signupId, t.hintId)],
);
export type ClueHintTake = typeof clueHintTakes.$inferSelect;

/** Check-ins at a clue's place, once per id made on the phone; `within` marks the place visited. */
export const clueCheckIns = pgTable(
  'clue_check_ins',
  {
    clientId: uuid('client_id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    clueId: integer('clue_id')
      .notNull()
      .references(() => clues.id),
    /** Where the phone was; erased (null) with the season's other sensitive data, the verdict kept. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMetres: doublePrecision('accuracy_metres'),
    /** For the organisers only: telling a team how far it is would give the place away. */
    distanceMetres: integer('distance_metres').notNull(),
    within: boolean('within').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the team did it, by the phone (an act queued without signal arrives later); null before acts carried it. */
    madeAt: timestamp('made_at', { withTimezone: true }),
  },
  (t) => [index('clue_check_ins_team_idx').on(t.signupId, t.clueId)],
);
export type ClueCheckIn = typeof clueCheckIns.$inferSelect;

/**
 * Short updates a team posts from the road, with an optional photo (docs/features/team-updates.md):
 * shown on /live and the team's donate page until an organiser hides one. `client_id` is made on
 * the phone (the rally app queues posts without signal): the same id again is the same update.
 * The author's account going erases its updates (personal data).
 */
export const teamUpdates = pgTable(
  'team_updates',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    body: text('body').notNull(),
    /** A published image under team-updates/ (uploads feature), or none. */
    photoUrl: text('photo_url'),
    /** The photo as the phone sent it (its upload URL): tells a retry from a reused clientId. */
    photoUploadUrl: text('photo_upload_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the team did it, by the phone (an act queued without signal arrives later); null before acts carried it. */
    madeAt: timestamp('made_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenByUserId: uuid('hidden_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('team_updates_client_idx').on(t.signupId, t.clientId),
    // The public lists: a team's visible updates, and everyone's, newest first.
    index('team_updates_team_idx').on(t.signupId, t.createdAt.desc()),
    index('team_updates_visible_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.hiddenAt} is null`),
  ],
);
export type TeamUpdate = typeof teamUpdates.$inferSelect;

/**
 * A team's SOS from the rally app (features/control-room): once per id made on the phone, so a
 * retry after lost signal raises nothing new. The position is personal data, erased with the
 * season's other sensitive data; open until an organiser marks it resolved.
 */
export const sosAlerts = pgTable(
  'sos_alerts',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull().unique(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    rallyYear: integer('rally_year').notNull(),
    raisedByUserId: uuid('raised_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMetres: doublePrecision('accuracy_metres'),
    note: text('note').notNull().default(''),
    /** When the position was the phone's (the made time of the press that sent it). */
    positionAt: timestamp('position_at', { withTimezone: true }),
    /** When the team pressed it (the phone's madeAt, within bounds); null for SOS from before it was kept. */
    madeAt: timestamp('made_at', { withTimezone: true }),
    /** When it reached the site. */
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest made time of a repeat press while it was open (sos_presses keeps each one). */
    repeatedAt: timestamp('repeated_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    seenByUserId: uuid('seen_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the "UNACKNOWLEDGED" e-mail went: once per SOS. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolveNote: text('resolve_note'),
  },
  (t) => [index('sos_alerts_team_idx').on(t.signupId, t.raisedAt), index('sos_alerts_year_idx').on(t.rallyYear)],
);
export type SosAlert = typeof sosAlerts.$inferSelect;

/**
 * Each press of a team's SOS button that reached the site (its id made on the phone and what it
 * said): the first opens the SOS, a repeat while it is open updates it. Kept so a retry of any
 * press is recognised, and one id sent again with another body is refused.
 */
export const sosPresses = pgTable(
  'sos_presses',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull().unique(),
    sosId: integer('sos_id')
      .notNull()
      .references(() => sosAlerts.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMetres: doublePrecision('accuracy_metres'),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sos_presses_sos_idx').on(t.sosId)],
);

/**
 * The organisers' alerts the control room's watch has e-mailed, one row per thing told (a team's
 * silence since a given contact, an evening's missing All OKs), so each is told once however
 * often the watch runs.
 */
export const organiserAlerts = pgTable(
  'organiser_alerts',
  {
    id: serial('id').primaryKey(),
    rallyYear: integer('rally_year').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organiser_alerts_kind_key_idx').on(t.kind, t.key)],
);

/** A team's "All OK tonight": one per team and rally-time-zone calendar day. */
export const allOkCheckIns = pgTable(
  'all_ok_check_ins',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull().unique(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    rallyYear: integer('rally_year').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the team did it, by the phone (an act queued without signal arrives later); null before acts carried it. */
    madeAt: timestamp('made_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('all_ok_check_ins_team_day_idx').on(t.signupId, t.day)],
);
export type AllOkCheckIn = typeof allOkCheckIns.$inferSelect;

/** The organisers' messages to the teams in the rally app: to every team (signup_id null) or one. */
export const rallyMessages = pgTable(
  'rally_messages',
  {
    id: serial('id').primaryKey(),
    rallyYear: integer('rally_year').notNull(),
    signupId: integer('signup_id').references(() => signups.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rally_messages_year_idx').on(t.rallyYear, t.sentAt)],
);

/**
 * A browser's Web Push subscription for a rallier's phone: personal data, erased with the account
 * (cascade), dropped when the push service says it is gone (404/410), after five failed pushes in a
 * row, and when its owner leaves the team (team-membership.ts).
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  signupId: integer('signup_id')
    .notNull()
    .references(() => signups.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** Pushes in a row that failed (not 404/410, which remove it at once); reset by one that arrives. */
  failures: integer('failures').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The site's VAPID key pair for Web Push: made once, shared by every instance (one row). The private
 * key is kept as text: it only lets its holder push to the subscriptions in this same database, and
 * sealing it under the data key would tie it to that key's rotation (db/rotate-key.ts).
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * Penalties an organiser gave a team in the treasure hunt (docs/features/clues.md): subtracted from
 * its total in the standings. The reason is for the team and the organisers; the public sees the
 * points only. `day` is the rally day it belongs to, when it belongs to one.
 */
export const cluePenalties = pgTable(
  'clue_penalties',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    rallyYear: integer('rally_year').notNull(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    day: integer('day'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clue_penalties_year_team_idx').on(t.rallyYear, t.signupId), check('clue_penalties_points_positive', sql`${t.points} > 0`)],
);
export type CluePenalty = typeof cluePenalties.$inferSelect;

/**
 * A supporter following one team's updates from the road by e-mail (docs/features/followers.md).
 * Its own consent, per team: following never puts anyone on the mailing list (contacts). Pending
 * until the link e-mailed to the address is followed; ended by the follower's "stop following" (or
 * one-click unsubscribe), or once the team's results are published unless they chose to keep hearing.
 * `token` is the follower's own stop/manage link; it grants nothing else.
 */
export const teamFollowers = pgTable(
  'team_followers',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name'),
    token: text('token').notNull().unique(),
    /** One e-mail a day with the day's updates instead of one per update. */
    dailyDigest: boolean('daily_digest').notNull().default(false),
    /** Keep hearing about the team after its results are published. */
    keepAfterResults: boolean('keep_after_results').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'stopped' (the follower) or 'results' (the rally ended). */
    endedReason: text('ended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_followers_team_email_idx').on(t.signupId, t.email), index('team_followers_email_idx').on(t.email)],
);
export type TeamFollower = typeof teamFollowers.$inferSelect;

/** Teams whose updates the organisers stopped sending to followers (one row while paused). */
export const teamFollowerPauses = pgTable('team_follower_pauses', {
  signupId: integer('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  pausedByUserId: uuid('paused_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What was queued for a team's followers: one row per update (sent once each) or per daily digest
 * (per team and rally day), written in the transaction that queues the bulk send, so a second
 * attempt (a retry, another instance, a restart) finds it and queues nothing. `updateIds` are the
 * updates the message shows: a row whose update is hidden (or gone) before it leaves is skipped.
 */
export const teamFollowerSends = pgTable(
  'team_follower_sends',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    teamUpdateId: integer('team_update_id').unique(),
    /** YYYY-MM-DD in the rally's zone, for a digest. */
    digestDay: text('digest_day'),
    updateIds: integer('update_ids').array().notNull(),
    bulkSendId: integer('bulk_send_id').references(() => bulkSends.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_follower_sends_digest_idx').on(t.signupId, t.digestDay),
    index('team_follower_sends_bulk_idx').on(t.bulkSendId),
  ],
);
