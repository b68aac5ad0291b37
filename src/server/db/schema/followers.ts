/** Supporters following a team, pauses and sends (features/followers). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bulkSends } from './bulk-mail';
import { signups } from './teams';

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
    /** 'stopped' (the follower), 'results' (the rally ended) or 'bounced' (the address refused for good). */
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
 * What was queued for a team's followers: one row per update (sent once each), per daily digest
 * (per team and rally day) or for the team's results (once per team), written in the transaction that queues the bulk send, so a second
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
    /** 'update', 'digest' or 'results' (the team's finish and final place). */
    kind: text('kind').notNull().default('update'),
    teamUpdateId: integer('team_update_id').unique(),
    /** YYYY-MM-DD in the rally's zone, for a digest. */
    digestDay: text('digest_day'),
    updateIds: integer('update_ids').array().notNull(),
    bulkSendId: integer('bulk_send_id').references(() => bulkSends.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_follower_sends_digest_idx').on(t.signupId, t.digestDay),
    uniqueIndex('team_follower_sends_results_idx')
      .on(t.signupId)
      .where(sql`kind = 'results'`),
    index('team_follower_sends_bulk_idx').on(t.bulkSendId),
  ],
);

/**
 * A browser that asked, with its follow, to be notified of the team's updates by Web Push (no
 * account). Pushed to while its follow is on; removed when the push service says it is gone (404,
 * 410), and with its follow.
 */
export const teamFollowerPushes = pgTable(
  'team_follower_pushes',
  {
    id: serial('id').primaryKey(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => teamFollowers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_follower_pushes_follow_endpoint_idx').on(t.followerId, t.endpoint)],
);
