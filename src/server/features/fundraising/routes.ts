import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaderboardEntrySchema, publicSignupSchema, publicTeamPageSchema } from '../../../common/schemas/public-team';
import { teamParamSchema } from '../../../common/schemas/params';
import { notFound } from '../../plugins/errors';
import { sendCachedJson } from '../../plugins/compression';
import { findPublicTeamPage, leaderboard, listPublicSignups } from './queries';
import { parseTeamId } from '../../../common/schemas/params';
import { registerPageMeta } from './page-meta';

/**
 * Public fundraising answers: who's registered, one team, the leaderboard. The response schemas
 * keep only the public keys, on top of the explicit column lists in queries.ts.
 * `no-cache` with an ETag: a browser asks again each time (a new donation shows at once) and gets
 * 304 while nothing changed.
 */
const publicTeamsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The schemas strip any key that is not public before the answer is cached.
  app.get('/api/signups', async (request, reply) => {
    const answer = await app.publicCache.answer('signups', async () => z.array(publicSignupSchema).parse(await listPublicSignups(app.db)));
    return sendCachedJson(request, reply, answer);
  });

  app.get('/api/public/signup/:id', { schema: { params: teamParamSchema } }, async (request, reply) => {
    const id = parseTeamId(request.params.id);
    if (id === null) throw notFound('Team not found');
    // Only a team that exists is cached, so the number of entries stays that of the teams.
    const answer = await app.publicCache.answer(`team:${id}`, async () => {
      const team = await findPublicTeamPage(app.db, id);
      if (!team) throw notFound('Team not found');
      return publicTeamPageSchema.parse(team);
    });
    return sendCachedJson(request, reply, answer);
  });

  app.get('/api/leaderboard', async (request, reply) => {
    const answer = await app.publicCache.answer('leaderboard', async () => z.array(leaderboardEntrySchema).parse(await leaderboard(app.db)));
    return sendCachedJson(request, reply, answer);
  });

  registerPageMeta(app);
};

export default publicTeamsRoutes;
