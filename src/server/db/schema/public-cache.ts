/** The public data's version, bumped when public data changes (services/public-cache.ts). */
import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One counter that database triggers bump on every change to teams, donations or historic
 * ralliers; instances keep the public lists as ready JSON and rebuild them when it moves.
 */
export const publicDataVersion = pgTable('public_data_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
