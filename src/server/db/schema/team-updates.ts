/** The teams' updates from the road (features/team-updates, rally-app). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { signups } from './teams';

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
