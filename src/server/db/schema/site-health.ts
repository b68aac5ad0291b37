/** The health checks' writes (features/site-health). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per instance, rewritten by `/health/ready`: a committed write proves the database
 * accepts writes (a full disk answers reads but refuses writes).
 */
export const healthChecks = pgTable('health_checks', {
  instance: text('instance').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
