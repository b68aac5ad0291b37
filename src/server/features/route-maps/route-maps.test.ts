import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog } from '../../db/schema';
import type { PastRally } from '../../../common/schemas/past-rallies';
import type { RallyRoute } from '../../../common/schemas/routes';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const routes = async () => (await app.inject({ url: '/api/route-maps' })).json() as RallyRoute[];
const routeOf = async (year: number) => (await routes()).find((r) => r.year === year);
const asOrganiser = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: organiser.cookie } });
const auditActions = async (action: string) => app.db.select().from(auditLog).where(eq(auditLog.action, action));

const jersey = { name: 'Jersey', coordinates: [-2.107, 49.186] as [number, number] };
const stMalo = { name: 'St Malo', coordinates: [-2.026, 48.649] as [number, number] };
const bordeaux = { name: 'Bordeaux', coordinates: [-0.579, 44.838] as [number, number] };

describe('route maps', () => {
  it("start as the built-in routes: every past rally's and the current season's, from Jersey by St Malo to the destination", async () => {
    const all = await routes();
    const rallies = (await (await app.inject({ url: '/api/past-rallies' })).json()) as PastRally[];
    const { year, destination } = await app.rallySettings();
    expect(all.map((r) => r.year)).toEqual([...rallies.map((r) => r.year), year]);
    for (const route of all) {
      expect(route.id).toBe(`y${route.year}`);
      expect(route.stops.slice(0, 2)).toEqual([jersey, stMalo]);
      const rally = rallies.find((r) => r.routeId === route.id);
      expect((rally?.destination ?? destination).startsWith(route.stops.at(-1)!.name)).toBe(true);
    }
    expect((await routeOf(2018))?.stops.map((s) => s.name)).toEqual(['Jersey', 'St Malo', 'Le Mans', 'Limoges', 'Nîmes', 'Monaco']);
    expect(Object.keys(all[0]!).sort()).toEqual(['id', 'stops', 'year']);
  });

  it("are changed by organisers for a past rally or the current season, audited, and the embed's answer follows", async () => {
    const saved = await asOrganiser('PUT', '/api/admin/route-maps/2013', { stops: [jersey, stMalo, bordeaux] });
    expect(saved.statusCode).toBe(200);
    expect(await routeOf(2013)).toEqual({ id: 'y2013', year: 2013, stops: [jersey, stMalo, bordeaux] });
    const [audit] = await auditActions('route.update');
    expect(audit).toMatchObject({ targetId: '2013', details: { after: [jersey, stMalo, bordeaux] } });
    expect((audit?.details as { before: { name: string }[] }).before.at(-1)?.name).toBe('Biarritz');

    const { year } = await app.rallySettings();
    expect((await asOrganiser('PUT', `/api/admin/route-maps/${year}`, { stops: [jersey, bordeaux] })).statusCode).toBe(200);
    expect((await routeOf(year))?.stops).toEqual([jersey, bordeaux]);

    expect((await asOrganiser('DELETE', '/api/admin/route-maps/2013')).statusCode).toBe(200);
    expect(await routeOf(2013)).toBeUndefined();
    expect(await auditActions('route.delete')).toHaveLength(1);
  });

  it('refuse bad stops with a clear message and change nothing', async () => {
    const before = await routes();
    const one = await asOrganiser('PUT', '/api/admin/route-maps/2018', { stops: [jersey] });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toContain('A route needs at least two stops');
    const farNorth = await asOrganiser('PUT', '/api/admin/route-maps/2018', { stops: [jersey, { name: 'Nowhere', coordinates: [2, 91] }] });
    expect(farNorth.statusCode).toBe(400);
    expect(farNorth.json().message).toContain('Latitude must be between -90 and 90');
    const farEast = await asOrganiser('PUT', '/api/admin/route-maps/2018', {
      stops: [jersey, { name: 'Nowhere', coordinates: [181, 45] }],
    });
    expect(farEast.json().message).toContain('Longitude must be between -180 and 180');
    const unnamed = await asOrganiser('PUT', '/api/admin/route-maps/2018', { stops: [jersey, { name: ' ', coordinates: [2, 45] }] });
    expect(unnamed.json().message).toContain('Each stop needs a name');
    const noRally = await asOrganiser('PUT', '/api/admin/route-maps/2014', { stops: [jersey, stMalo] });
    expect(noRally.statusCode).toBe(404);
    expect(await routes()).toEqual(before);
    expect(await auditActions('route.update')).toHaveLength(2);
  });

  it('are kept by organisers only', async () => {
    const before = await routes();
    const rallier = await signUp(app);
    const tries = [
      { method: 'PUT' as const, url: '/api/admin/route-maps/2018', payload: { stops: [jersey, stMalo] } },
      { method: 'DELETE' as const, url: '/api/admin/route-maps/2018' },
    ];
    for (const t of tries) {
      expect((await app.inject({ ...t, headers: { cookie: rallier.cookie } })).statusCode).toBe(403);
      expect((await app.inject(t)).statusCode).toBe(401);
    }
    expect(await routes()).toEqual(before);
  });
});

describe('a new season', () => {
  it("keeps this season's route with its rally in the history and starts without one", async () => {
    const { year } = await app.rallySettings();
    const before = await routeOf(year);
    expect(before).toBeDefined();
    const started = await app.inject({
      method: 'POST',
      url: '/api/admin/settings/season',
      payload: { year: year + 1, earlyStart: true },
      headers: { cookie: organiser.cookie },
    });
    expect(started.statusCode).toBe(201);
    expect(await routeOf(year)).toEqual(before);
    expect(await routeOf(year + 1)).toBeUndefined();
    const rally = ((await app.inject({ url: '/api/past-rallies' })).json() as PastRally[]).find((r) => r.year === year);
    expect(rally?.routeId).toBe(before?.id);
    // The new season's route is saved like any other.
    expect((await asOrganiser('PUT', `/api/admin/route-maps/${year + 1}`, { stops: [jersey, bordeaux] })).statusCode).toBe(200);
    expect((await routeOf(year + 1))?.stops).toEqual([jersey, bordeaux]);
  });
});
