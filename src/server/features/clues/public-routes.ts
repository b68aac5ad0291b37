import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicStandingsSchema } from '../../../common/schemas/clues';
import { computeStandings, toPublicStanding } from './standings';

/**
 * The hunt's public standings for /live: team, rank, totals and progress, never an answer or a
 * position. A public plugin (features/index.ts): the same answer for everyone, no session.
 */
const publicClueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clues/standings', { schema: { response: { 200: publicStandingsSchema } } }, async (_request, reply) => {
    const rally = await app.rallySettings();
    const teams = await computeStandings(app.db, rally, app.clock());
    // Live data: a browser or proxy must ask again rather than show an old ranking.
    reply.header('Cache-Control', 'no-store');
    return { year: rally.year, teams: teams.map(toPublicStanding) };
  });
};

export default publicClueRoutes;
