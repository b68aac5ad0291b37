import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaderboardSchema, publicTeamListSchema, publicTeamPageSchema } from '../../../common/schemas/public-team';
import { teamParamSchema } from '../../../common/schemas/params';
import { notFound } from '../../errors';
import { sendCachedJson } from '../../plugins/compression';
import { leaderboard, listPublicTeams } from './queries';
import { findPublicTeamPage } from '../../services/public-team-page';
import { parseTeamId } from '../../../common/schemas/params';
import { registerPageMeta } from './page-meta';
import { registerShareImage } from './share-image-route';

/**
 * Public fundraising answers: who's registered, one team, the leaderboard. The response schemas
 * keep only the public keys, on top of the explicit column lists in queries.ts.
 * `no-cache` with an ETag: a browser asks again each time (a new donation shows at once) and gets
 * 304 while nothing changed.
 */
const fundraisingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The schemas strip any key that is not public before the answer is cached: the cache sends ready
  // bytes, which the serializer does not see. The response schemas declare the same shapes.
  app.get('/api/fundraising/teams', { schema: { response: { 200: publicTeamListSchema } } }, async (request, reply) => {
    const answer = await app.publicCache.answer('signups', async () =>
      publicTeamListSchema.parse(await listPublicTeams(app.db, await app.rallySettings())),
    );
    return sendCachedJson(request, reply, answer);
  });

  app.get(
    '/api/fundraising/teams/:id',
    { schema: { params: teamParamSchema, response: { 200: publicTeamPageSchema } } },
    async (request, reply) => {
      const id = parseTeamId(request.params.id);
      if (id === null) throw notFound('Team not found');
      // Only a team that exists is cached, so the number of entries stays that of the teams.
      const answer = await app.publicCache.answer(`team:${id}`, async () => {
        const team = await findPublicTeamPage(app.db, id, await app.rallySettings());
        if (!team) throw notFound('Team not found');
        return publicTeamPageSchema.parse(team);
      });
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get('/api/fundraising/leaderboard', { schema: { response: { 200: leaderboardSchema } } }, async (request, reply) => {
    const answer = await app.publicCache.answer('leaderboard', async () =>
      leaderboardSchema.parse(await leaderboard(app.db, await app.rallySettings())),
    );
    return sendCachedJson(request, reply, answer);
  });

  registerPageMeta(app);
  registerShareImage(app);
};

export default fundraisingRoutes;
