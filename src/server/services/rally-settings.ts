import { desc, eq, sql } from 'drizzle-orm';
import { rallySettingsSchema, type RallySettings } from '../../common/schemas/rally-settings';
import type { Db } from '../db/client';
import { rallySettings } from '../db/schema';
import type { CachedAnswer, PublicCache } from './public-cache';
import type { PageSettings } from '../plugins/web-app';

/**
 * The current season's settings: the latest year's row (migration 0011 holds the first season's).
 * Read through the public cache (app.rallySettings), so a page costs no query while they are unchanged.
 */
export async function loadRallySettings(db: Db): Promise<RallySettings> {
  const [row] = await db.select().from(rallySettings).orderBy(desc(rallySettings.year)).limit(1);
  if (!row) throw new Error('No rally settings: run the database migrations');
  return rallySettingsSchema.parse(row.settings);
}

/** Replaces the settings of the given year (validated by the caller with the shared schema). */
export async function saveRallySettings(db: Db, settings: RallySettings): Promise<void> {
  await db.update(rallySettings).set({ settings }).where(eq(rallySettings.year, settings.year));
}

/** The settings as a ready public answer, rebuilt when they (or any public data) change. */
export function cachedRallySettings(cache: PublicCache, db: Db): Promise<CachedAnswer> {
  return cache.answer('settings', () => loadRallySettings(db));
}

/** The current season's year inside a query (migration 0011's function: the latest settings row). */
export const currentRallyYear = sql<number>`current_rally_year()`;

/** The title and share preview of every page without its own (the home page among them). */
export function defaultPageMeta(rally: RallySettings): PageSettings['meta'] {
  return {
    siteName: rally.productName,
    title: `${rally.productName} ${rally.year}: ${rally.routeLabel}`,
    description: `The ${rally.productName}: a charity treasure-hunt road rally from Jersey across Europe, raising money for local charities since ${rally.firstYear}. Register your team for ${rally.year}.`,
  };
}

/** The settings for the served HTML: the ready JSON and the default page meta. */
export async function pageSettings(cache: PublicCache, db: Db): Promise<PageSettings> {
  const answer = await cachedRallySettings(cache, db);
  return { etag: answer.etag, body: answer.body, meta: defaultPageMeta(answer.value as RallySettings) };
}
