/** Each rally's route (features/route-maps). */
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Each rally's route by year (past rallies and the current season): named stops, [longitude, latitude]. */
export const rallyRoutes = pgTable('rally_routes', {
  year: integer('year').primaryKey(),
  stops: jsonb('stops').$type<{ name: string; coordinates: [number, number] }[]>().notNull(),
  ...timestamps,
});
