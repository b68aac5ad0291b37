import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { historicParticipants } from '../../db/schema';
import { routeDistanceKm } from '../../services/rally-settings';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { PastRally } from '../../../common/schemas/past-rallies';
import type { StatAdmin } from '../../../common/schemas/home-page';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const asOrganiser = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: organiser.cookie } });
const tiles = async () => (await app.inject({ url: '/api/home-page/stats' })).json();
const grouped = (n: number) => n.toLocaleString('en-GB');
const number = (tile: string) => Number(tile.replace(/,/g, ''));

describe('Rally in numbers once a season is published', () => {
  it("counts the year's teams as ralliers (each person once) and its distance in the km, beside the rally itself", async () => {
    const { year } = (await app.inject({ url: '/api/settings' })).json() as RallySettings;
    // Kim rallied before: the historic figure counts her already.
    await app.db.insert(historicParticipants).values({ year: 2019, driverFirstName: 'Kim', driverLastName: 'Vibert' });
    const before = await tiles();

    const aces = await insertTeam(app.db, {
      teamName: 'Alpine Aces',
      driverFirstName: 'José',
      driverLastName: 'Le Feuvre',
      coDriverFirstName: 'Ann',
      coDriverLastName: 'Amy',
      status: 'confirmed',
    });
    const bay = await insertTeam(app.db, { teamName: 'Bouley Bay', driverFirstName: 'Kim', driverLastName: 'Vibert', status: 'confirmed' });
    const cats = await insertTeam(app.db, {
      teamName: 'Catalan Cats',
      driverFirstName: 'Sam',
      driverLastName: 'Hamon',
      status: 'confirmed',
    });
    await insertTeam(app.db, { teamName: 'Gone Home', driverFirstName: 'Wyn', driverLastName: 'Gone', status: 'withdrawn' });
    const saved = await asOrganiser('PUT', `/api/admin/results/${year}`, {
      results: [
        { signupId: aces.id, rank: 1, carNumber: 11, score: 960 },
        { signupId: bay.id, rank: 2, carNumber: 12, score: 905 },
        { signupId: cats.id, rank: 3, carNumber: 13, score: null },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // Results entered but not published: nothing moves.
    expect(await tiles()).toEqual(before);

    expect((await asOrganiser('POST', `/api/admin/results/${year}/publish`)).statusCode).toBe(200);

    // The rally's page leaves its distance out until an organiser types the driven one; the numbers
    // count its route's meanwhile, Jersey to Cannes stop to stop.
    const rally = ((await app.inject({ url: '/api/past-rallies' })).json() as PastRally[]).find((r) => r.year === year)!;
    expect(rally.distance).toBe('');
    const km = await routeDistanceKm(app.db, year);
    expect(km).toBeGreaterThan(900);
    expect(km).toBeLessThan(1500);

    const after = await tiles();
    expect(after).toEqual({
      rallies: grouped(number(before.rallies) + 1),
      // José, Ann and Sam are new; Kim is not; the withdrawn team did not rally.
      ralliers: grouped(number(before.ralliers) + 3),
      kilometres: grouped(number(before.kilometres) + km),
      funds: before.funds,
    });
    // The organisers' screen shows the same figures the home page does.
    expect(((await asOrganiser('GET', '/api/admin/home-page/stats')).json() as StatAdmin).shown).toEqual(after);

    // Publishing again changes nothing.
    expect((await asOrganiser('POST', `/api/admin/results/${year}/publish`)).statusCode).toBe(200);
    expect(await tiles()).toEqual(after);
  });

  it("counts the distance an organiser types in place of the route's", async () => {
    const { year } = (await app.inject({ url: '/api/settings' })).json() as RallySettings;
    // The year was published above, its route's distance counted.
    const withRoute = number((await tiles()).kilometres);
    const rally = ((await app.inject({ url: '/api/past-rallies' })).json() as PastRally[]).find((r) => r.year === year)!;
    const saved = await asOrganiser('PUT', `/api/admin/past-rallies/${year}`, {
      destination: rally.destination,
      title: rally.title,
      description: rally.description,
      distance: '1,336 km',
      duration: rally.duration,
      routeId: rally.routeId,
      imageUrl: rally.imageUrl,
      plateImageUrl: rally.plateImageUrl,
    });
    expect(saved.statusCode).toBe(200);
    expect(number((await tiles()).kilometres)).toBe(withRoute - (await routeDistanceKm(app.db, year)) + 1336);
  });
});
