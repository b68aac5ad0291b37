import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { freshDatabase } from '../../test/app';
import type { Database } from '../client';
import { donations, historicParticipants, signups, users } from '../schema';
import { buildHistoricRows, seedDemoIfEmpty, DEMO_ADMIN_EMAIL } from './demo';
import { rallyHistory } from '../../../common/rallies';
import { only } from '../../test/rows';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('demo data', () => {
  it('is the same on every run', () => {
    const strip = (rows: ReturnType<typeof buildHistoricRows>) =>
      rows.map(({ unsubscribeToken: _a, coDriverUnsubscribeToken: _b, ...r }) => r);
    expect(strip(buildHistoricRows())).toEqual(strip(buildHistoricRows()));
  });

  it('has historic ralliers for every past year, 32 cars in 2008, and every opt-in state', () => {
    const rows = buildHistoricRows();
    expect(new Set(rows.map((r) => r.year))).toEqual(new Set(rallyHistory.map((r) => r.year)));
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
