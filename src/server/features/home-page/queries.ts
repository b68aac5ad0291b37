import { asc, eq, sql } from 'drizzle-orm';
import type { StatAdmin, StatTiles, Testimonial } from '../../../common/schemas/home-page';
import { computedTiles, parseDistanceKm, shownTiles, type StatFacts } from '../../../common/rally-stats';
import type { Db } from '../../db/client';
import { donations, homeStats, rallies, signups, testimonials } from '../../db/schema';
import { theRow } from '../../db/rows';
import { teamTotalSql } from '../../services/donation-totals';
import { routeDistanceKm } from '../../services/rally-settings';

/** The Rallier Stories in the organisers' order. */
export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return db
    .select({ id: testimonials.id, quote: testimonials.quote, author: testimonials.author, rallyLabel: testimonials.rallyLabel })
    .from(testimonials)
    .orderBy(asc(testimonials.position), asc(testimonials.id));
}

export async function findTestimonial(db: Db, id: number) {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row;
}

export async function loadStatSettings(db: Db) {
  return theRow(await db.select().from(homeStats).where(eq(homeStats.id, 1)), 'the Rally in Numbers settings (migration 0018)');
}

const personSql = (first: string, last: string) => sql.raw(`lower(trim(coalesce(${first}, '')) || ' ' || trim(coalesce(${last}, '')))`);

/** Everyone in the historic database, by name, with the year: drivers and co-drivers alike. */
const historicPeople = sql`
  select ${personSql('driver_first_name', 'driver_last_name')} as person, year from historic_participants
  union all
  select ${personSql('co_driver_first_name', 'co_driver_last_name')}, year from historic_participants`;

/**
 * What the site's own data says: rallies in the history, distinct people (drivers and co-drivers,
 * by name) in the historic database, the rallies' distances summed, and funds raised: the historic
 * figure plus what later seasons' teams raised, counted as the leaderboard counts it. `later` is
 * the part of the first three from rallies after `historicFundsThroughYear`, the year the stored
 * historic figures and overrides run to: a season whose results are published joins its ralliers
 * (not counted again when they rallied before) and its distance.
 */
async function statFacts(
  db: Db,
  settings: typeof homeStats.$inferSelect,
  opts: { verifiedOnly: boolean },
): Promise<{ all: StatFacts; later: Omit<StatFacts, 'fundsPence'> }> {
  const through = settings.historicFundsThroughYear;
  const history = await db.select({ year: rallies.year, distance: rallies.distance }).from(rallies);
  const people = (await db.execute(sql`
    select count(distinct person) as n,
      count(distinct person) filter (where year > ${through} and person not in (
        select person from (${historicPeople}) earlier where year <= ${through})) as later
    from (${historicPeople}) named where trim(person) <> ''`)) as unknown as { rows: { n: string | number; later: string | number }[] };
  const counted = opts.verifiedOnly ? sql`and ${donations.state} = 'verified'` : sql``;
  const since = (await db.execute(sql`
    select coalesce(sum(total), 0) as total from (
      select ${teamTotalSql} as total
      from ${donations} join ${signups} s on s.id = ${donations.signupId}
      where s.rally_year > ${through} and s.status <> 'withdrawn' ${counted}
      group by ${donations.signupId}
    ) teams`)) as unknown as { rows: { total: string | number }[] };
  // A rally whose driven distance is not typed yet counts its route's, stop to stop (routeDistanceKm).
  const kmOf = new Map<number, number>();
  for (const r of history) kmOf.set(r.year, parseDistanceKm(r.distance) || (await routeDistanceKm(db, r.year)));
  const km = (rows: typeof history) => rows.reduce((sum, r) => sum + (kmOf.get(r.year) ?? 0), 0);
  const laterRallies = history.filter((r) => r.year > through);
  return {
    all: {
      rallies: history.length,
      ralliers: Number(people.rows[0]?.n ?? 0),
      kilometres: km(history),
      fundsPence: settings.historicFundsPence + Number(since.rows[0]?.total ?? 0),
    },
    later: { rallies: laterRallies.length, ralliers: Number(people.rows[0]?.later ?? 0), kilometres: km(laterRallies) },
  };
}

/** The organisers' view of the tiles: settings, computed and shown figures. */
export async function statAdmin(db: Db, opts: { verifiedOnly: boolean }): Promise<StatAdmin> {
  const settings = await loadStatSettings(db);
  const facts = await statFacts(db, settings, opts);
  const computed = computedTiles(facts.all);
  const overrides = {
    rallies: settings.ralliesOverride,
    ralliers: settings.ralliersOverride,
    kilometres: settings.kilometresOverride,
    funds: settings.fundsOverride,
  };
  return {
    historicFundsPence: settings.historicFundsPence,
    historicFundsThroughYear: settings.historicFundsThroughYear,
    overrides,
    computed,
    shown: shownTiles(computed, overrides, facts.later),
  };
}

/** The tiles as the home page shows them. */
export async function statTiles(db: Db, opts: { verifiedOnly: boolean }): Promise<StatTiles> {
  return (await statAdmin(db, opts)).shown;
}

/** Where a new story goes: after the last. */
export async function nextTestimonialPosition(db: Db): Promise<number> {
  const [last] = await db.select({ n: sql<number>`coalesce(max(${testimonials.position}), 0)`.mapWith(Number) }).from(testimonials);
  return (last?.n ?? 0) + 1;
}
