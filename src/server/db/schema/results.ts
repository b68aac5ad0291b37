/** The teams' results (features/results). */
import { integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { signups } from './teams';
import { timestamps } from './columns';

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
