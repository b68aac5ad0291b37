import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { RallySettings } from '../../../common/schemas/rally-settings';

const TEAMS = 1000;
const DONATIONS = 100_000;

let app: TestApp;
let rally: RallySettings;
beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
  // Set-based inserts: the data set in a second or two, even on in-memory PGlite.
  await app.database.executeSql(
    `insert into signups (rally_year, team_name, driver_first_name, driver_last_name, driver_email, driver_phone, driver_address,
       emergency_contact_name, emergency_contact_phone, emergency_contact_relationship)
     select $1, 'Scale Team ' || g, 'Dana', 'Driver', 'd' || g || '@scale.test', '0', 'x', 'Pat', '0', 'Partner'
     from generate_series(1, ${TEAMS}) g`,
    [rally.year],
  );
  await app.database.executeSql(
    `insert into donations (signup_id, amount, payment_method)
     select s.id, 100 + (g * 7919) % 50000, 'cash'
     from generate_series(1, ${DONATIONS}) g
     join (select id, row_number() over (order by id) - 1 as k from signups) s on s.k = (g * 31) % ${TEAMS - 10}`,
    [],
  );
}, 120_000);
afterAll(() => app.close());

// Speed is measured by `npm run bench`; this checks the answer at full size.
it(`ranks ${TEAMS} teams over ${DONATIONS} donations exactly`, async () => {
  const res = await app.inject('/api/leaderboard');
  expect(res.statusCode).toBe(200);
  const entries = res.json() as { teamName: string; donationTotal: number; donationCount: number }[];
  expect(entries).toHaveLength(TEAMS);
  const { rows } = await app.database.executeSql('select sum(amount)::text as total, count(*)::int as n from donations', []);
  expect(entries.reduce((t, e) => t + e.donationTotal, 0)).toBe(Number(rows[0].total));
  expect(entries.reduce((t, e) => t + e.donationCount, 0)).toBe(DONATIONS);
  const totals = entries.map((e) => e.donationTotal);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  // The ten teams without donations close the table, at zero, by name.
  const last = entries.slice(-10);
  expect(last.every((e) => e.donationTotal === 0 && e.donationCount === 0)).toBe(true);
  expect(last.map((e) => e.teamName)).toEqual([...last.map((e) => e.teamName)].sort());
}, 120_000);
