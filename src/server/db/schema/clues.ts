/** The treasure hunt: clues, answers, hints, check-ins, penalties (features/clues, rally-app). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  doublePrecision,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  check,
} from 'drizzle-orm/pg-core';
import { answerKinds, answerStatuses, type ClueHint } from '../../../common/schemas/clues';
import { users } from './accounts';
import { signups } from './teams';
import { timestamps } from './columns';

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
