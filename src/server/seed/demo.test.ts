import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { freshDatabase } from '../test/app';
import type { Database } from '../db/client';
import { donations, historicParticipants, signups, users } from '../db/schema';
import { buildHistoricRows, seedDemoIfEmpty, DEMO_ADMIN_EMAIL } from './demo';
import { only } from '../test/rows';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** The past rallies of the first rows of the rallies table (migration 0012). */
const PAST_YEARS = [2008, 2009, 2010, 2011, 2012, 2013, 2015, 2016, 2017, 2018];

describe('demo data', () => {
  it('is the same on every run', () => {
    const strip = (rows: ReturnType<typeof buildHistoricRows>) =>
      rows.map(({ unsubscribeToken: _a, coDriverUnsubscribeToken: _b, ...r }) => r);
    expect(strip(buildHistoricRows(PAST_YEARS))).toEqual(strip(buildHistoricRows(PAST_YEARS)));
  });

  it('has historic ralliers for every past year, 32 cars in 2008, and every opt-in state', () => {
    const rows = buildHistoricRows(PAST_YEARS);
    expect(new Set(rows.map((r) => r.year))).toEqual(new Set(PAST_YEARS));
    expect(rows.filter((r) => r.year === 2008)).toHaveLength(32);
    expect(new Set(rows.filter((r) => r.email).map((r) => r.emailOptIn))).toEqual(new Set([true, false, null]));
  });

  it('loads once: a second run adds nothing', async () => {
    const first = await seedDemoIfEmpty(database.db);
    expect(first?.adminEmail).toBe(DEMO_ADMIN_EMAIL);
    const totals = async () =>
      Promise.all(
        [historicParticipants, signups, donations, users].map(async (t) => only(await database.db.select({ n: count() }).from(t)).n),
      );
    const before = await totals();
    expect(before[1]).toBeGreaterThanOrEqual(10);
    expect(await seedDemoIfEmpty(database.db)).toBeNull();
    expect(await totals()).toEqual(before);
    const admin = only(await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL)));
    expect(admin.isAdmin).toBe(true);
  });
});
