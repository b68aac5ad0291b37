/** Position sharing and positions (features/tracking, services/team-positions.ts). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, doublePrecision, real, pgTable, text, timestamp, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { positionSources } from '../../../common/schemas/tracking';
import { signups } from './teams';
import { timestamps } from './columns';

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
