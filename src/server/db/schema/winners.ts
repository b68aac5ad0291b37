/** The Rally Champions table (features/winners). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The home page's Rally Champions table, one row per year, kept by organisers on /admin/results. */
export const winners = pgTable('winners', {
  year: integer('year').primaryKey(),
  destination: text('destination').notNull(),
  /** The winners' names as the table shows them ("Peter Le Sueur & Mark Renouf"). */
  winners: text('winners').notNull(),
  teamName: text('team_name').notNull(),
  ...timestamps,
});
