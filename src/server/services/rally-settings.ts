import { desc, eq, sql } from 'drizzle-orm';
import { rallySettingsSchema, reviewFacts, type RallySettings } from '../../common/schemas/rally-settings';
import { tripDates } from '../../common/rally-dates';
import type { Db } from '../db/client';
import { rallies, rallyRoutes, rallySettings } from '../db/schema';
import { distanceMetres } from '../../common/distance';
import type { CachedAnswer, PublicCache } from './public-cache';
import type { PageSettings } from './page-meta';

/**
 * The current season's settings: the latest year's row (migration 0011 holds the first season's).
 * Read through the public cache (app.rallySettings), so a page costs no query while they are unchanged.
 */
export async function loadRallySettings(db: Db): Promise<RallySettings> {
  const [row] = await db.select().from(rallySettings).orderBy(desc(rallySettings.year)).limit(1);
  if (!row) throw new Error('No rally settings: run the database migrations');
  return rallySettingsSchema.parse(row.settings);
}

/** A season's settings by year (a past one too), or null when there was no such season. */
export async function seasonSettings(db: Db, year: number): Promise<RallySettings | null> {
  const [row] = await db.select().from(rallySettings).where(eq(rallySettings.year, year));
  return row ? rallySettingsSchema.parse(row.settings) : null;
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
  const value = answer.value as RallySettings;
  return { etag: answer.etag, body: answer.body, value, meta: defaultPageMeta(value) };
}

/** The same day a year later ("2031-09-13" -> "2032-09-13"). */
const yearLater = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

/**
 * A rally's length from its route's stops (/admin/route-maps), stop to stop as the crow flies, in
 * km; 0 without a route. Shorter than the road, so the Rally in Numbers, which counts it for a rally
 * whose driven distance nobody has typed yet, never claims more than was driven. It is never shown
 * as the rally's own distance: /rally/{year} leaves that out until an organiser types it.
 */
export async function routeDistanceKm(db: Db, year: number): Promise<number> {
  const [route] = await db.select({ stops: rallyRoutes.stops }).from(rallyRoutes).where(eq(rallyRoutes.year, year));
  const points = (route?.stops ?? []).map((s) => ({ lng: s.coordinates[0], lat: s.coordinates[1] }));
  const metres = points.slice(1).reduce((sum, p, i) => sum + distanceMetres(points[i]!, p), 0);
  return Math.round(metres / 1000);
}

/**
 * The season's rally joins the rally history (its page, the carousel and the menus) unless an
 * organiser already added it; true when it was added. Used when a season ends and when its results
 * are published.
 */
export async function addRallyToHistory(db: Db, rally: RallySettings): Promise<boolean> {
  const added = await db
    .insert(rallies)
    .values({
      year: rally.year,
      destination: rally.destination,
      title: rally.routeLabel,
      description: `The ${rally.edition} ${rally.productName}: ${rally.routeLabel}, ${tripDates(rally)}.`,
      routeId: `y${rally.year}`,
      // The site's own picture until the organisers add the rally's photos on /admin/past-rallies.
      imageUrl: '/images/hero.webp',
      plateImageUrl: '/images/hero.webp',
    })
    .onConflictDoNothing()
    .returning({ year: rallies.year });
  return added.length > 0;
}

/**
 * Starts the given season, which must follow the current one: the current rally joins the rally
 * history (unless an organiser already added it), and the new year's settings begin as a copy of
 * this year's, its days a year later and no registration dates, with the copied facts most likely
 * wrong marked for review: until an organiser saves the settings the season is "preparing" and
 * takes no registrations (season-phase.ts). This year's teams stay in the database and the admin;
 * the public pages follow the new year. Null when `year` does not follow
 * the current season (another organiser started it meanwhile).
 */
export async function startNextSeason(db: Db, year: number): Promise<{ settings: RallySettings; addedToHistory: boolean } | null> {
  return db.transaction(async (tx) => {
    // One season start at a time: a second one waits, then finds the season already moved on.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rally-season'))`);
    const current = await loadRallySettings(tx);
    if (current.year + 1 !== year) return null;
    const addedToHistory = await addRallyToHistory(tx, current);
    const settings: RallySettings = {
      ...current,
      year,
      rallyStart: yearLater(current.rallyStart),
      rallyEnd: yearLater(current.rallyEnd),
      tripStart: yearLater(current.tripStart),
      tripEnd: yearLater(current.tripEnd),
      registrationOpensAt: null,
      registrationClosesAt: null,
      needsReview: [...reviewFacts],
    };
    await tx.insert(rallySettings).values({ year: settings.year, settings });
    return { settings, addedToHistory };
  });
}
