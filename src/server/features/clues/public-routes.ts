import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayStorySchema, publicStandingsSchema } from '../../../common/schemas/clues';
import { rallyYear } from '../../../common/schemas/primitives';
import { visibleUpdatesOfYear } from '../team-updates';
import { dayStory } from './day-story';
import { computeStandings, toPublicStanding } from './standings';

/**
 * The hunt's public standings for /live: team, rank, totals and progress, never an answer or a
 * position. A public plugin (features/index.ts): the same answer for everyone, no session.
 */
const publicClueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Live data, sent with the /api/ default of no-store (plugins/security.ts): never an old ranking.
  app.get('/api/clues/standings', { schema: { response: { 200: publicStandingsSchema } } }, async () => {
    const rally = await app.rallySettings();
    const teams = await computeStandings(app.db, rally, app.clock());
    return { year: rally.year, teams: teams.map(toPublicStanding) };
  });

  // The day-by-day story on /rally/{year} (day-story.ts): empty until the rally's last day is over.
  app.get(
    '/api/clues/:year/story',
    { schema: { params: z.object({ year: rallyYear() }), response: { 200: dayStorySchema } } },
    async (request) => dayStory(app.db, request.params.year, app.clock(), (year) => visibleUpdatesOfYear(app.db, year)),
  );
};

export default publicClueRoutes;
