/** The rally settings, one row per year (features/settings, services/rally-settings.ts). */
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { timestamps } from './columns';

/**
 * The facts of each rally year that organisers edit on /admin/settings (validated by the shared
 * rally settings schema). The current season is the latest year; a new season adds a row.
 */
export const rallySettings = pgTable('rally_settings', {
  year: integer('year').primaryKey(),
  settings: jsonb('settings').$type<RallySettings>().notNull(),
  ...timestamps,
});
