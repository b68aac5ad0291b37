import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaderboardEntrySchema, publicSignupSchema } from '../../../common/schemas/public-team';
import { notFound } from '../../plugins/errors';
import { findPublicSignup, leaderboard, listPublicSignups, parseTeamId } from './queries';
import { registerPageMeta } from './page-meta';

/**
 * Public fundraising answers: who's registered, one team, the leaderboard. The response schemas
 * keep only the public keys, on top of the explicit column lists in queries.ts.
 * `no-cache`: a browser or proxy must ask again each time, so a new donation shows at once.
 */
const publicTeamsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The schemas strip any key that is not public before the answer is cached.
  app.get('/api/signups', async (_request, reply) => {
    const body = await app.publicCache.json('signups', async () => z.array(publicSignupSchema).parse(await listPublicSignups(app.db)));
    return reply.header('Cache-Control', 'no-cache').type('application/json').send(body);
  });

  app.get(
    '/api/public/signup/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: publicSignupSchema } } },
    async (request, reply) => {
      const id = parseTeamId(request.params.id);
      const team = id === null ? null : await findPublicSignup(app.db, id);
      if (!team) throw notFound('Team not found');
      reply.header('Cache-Control', 'no-cache');
      return team;
    },
  );

  app.get('/api/leaderboard', async (_request, reply) => {
    const body = await app.publicCache.json('leaderboard', async () => z.array(leaderboardEntrySchema).parse(await leaderboard(app.db)));
    return reply.header('Cache-Control', 'no-cache').type('application/json').send(body);
  });

  registerPageMeta(app);
};

export default publicTeamsRoutes;
