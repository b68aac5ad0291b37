/** SOS, All OK, the organisers' messages and alerts, Web Push (features/control-room, rally-app). */
import { sql } from 'drizzle-orm';
import { index, integer, date, doublePrecision, pgTable, serial, text, timestamp, uniqueIndex, uuid, check } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { signups } from './teams';

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
