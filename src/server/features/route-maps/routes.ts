import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rallyRouteListSchema, rallyRouteSchema, routeIdOf, routeStopsSchema, type RallyRoute } from '../../../common/schemas/routes';
import { okSchema } from '../../../common/schemas/answers';
import { rallyYear } from '../../../common/schemas/primitives';
import type { Db } from '../../db/client';
import { rallies, rallyRoutes } from '../../db/schema';
import { notFound } from '../../errors';
import { sendCachedJson } from '../../plugins/compression';
import { recordAudit } from '../../services/audit';

const yearParams = z.object({ year: rallyYear() });
const NO_RALLY = 'No rally for that year';

/** The routes of the rallies in the history and of the current season (a removed rally's route is not shown). */
async function listRoutes(db: Db, currentYear: number): Promise<RallyRoute[]> {
  const rows = await db
    .select({ year: rallyRoutes.year, stops: rallyRoutes.stops })
    .from(rallyRoutes)
    .where(sql`${rallyRoutes.year} = ${currentYear} or exists (select 1 from ${rallies} where ${rallies.year} = ${rallyRoutes.year})`)
    .orderBy(asc(rallyRoutes.year));
  return rows.map((r) => ({ id: routeIdOf(r.year), year: r.year, stops: r.stops }));
}

/**
 * Route maps (spec section 9): each rally's stops, read by the offline route-map embed, kept by
 * organisers on the rally's screen in /admin/past-rallies and, for the current season, on /admin/settings.
 */
const routeMapsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A route belongs to a rally in the history or to the current season. */
  const assertRallyYear = async (year: number) => {
    if ((await app.rallySettings()).year === year) return;
    const [rally] = await app.db.select({ year: rallies.year }).from(rallies).where(eq(rallies.year, year));
    if (!rally) throw notFound(NO_RALLY);
  };
  const routeOf = async (year: number) => {
    const [row] = await app.db.select().from(rallyRoutes).where(eq(rallyRoutes.year, year));
    return row?.stops ?? null;
  };

  app.put(
    '/api/admin/route-maps/:year',
    { schema: { params: yearParams, body: routeStopsSchema, response: { 200: rallyRouteSchema } } },
    async (request) => {
      const { year } = request.params;
      await assertRallyYear(year);
      const before = await routeOf(year);
      const { stops } = request.body;
      await app.db.transaction(async (tx) => {
        await tx.insert(rallyRoutes).values({ year, stops }).onConflictDoUpdate({ target: rallyRoutes.year, set: { stops } });
        await recordAudit(tx, request, {
          action: 'route.update',
          targetType: 'rally',
          targetId: year,
          details: { before, after: stops },
        });
      });
      return { id: routeIdOf(year), year, stops };
    },
  );

  app.delete('/api/admin/route-maps/:year', { schema: { params: yearParams, response: { 200: okSchema } } }, async (request) => {
    const { year } = request.params;
    await app.db.transaction(async (tx) => {
      const gone = await tx.delete(rallyRoutes).where(eq(rallyRoutes.year, year)).returning();
      if (!gone[0]) throw notFound('No route for that year');
      await recordAudit(tx, request, { action: 'route.delete', targetType: 'rally', targetId: year, details: { before: gone[0].stops } });
    });
    return { ok: true };
  });
};

/** Every rally's stops, as the route-map embed reads them: a public plugin (the feature's index.ts). */
export const publicRouteMapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/route-maps', { schema: { response: { 200: rallyRouteListSchema } } }, async (request, reply) =>
    sendCachedJson(
      request,
      reply,
      await app.publicCache.answer('routes', async () => listRoutes(app.db, (await app.rallySettings()).year)),
    ),
  );
};

export default routeMapsRoutes;
