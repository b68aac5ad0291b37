import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicTeamUpdateListSchema, teamUpdateListQuerySchema } from '../../../common/schemas/team-updates';
import { listPublicUpdates } from './update-records';

/**
 * GET /api/team-updates: visible updates, newest first, for /live (this season's teams) and a
 * team's donate page (?signupId=). A public plugin (the feature's index.ts): no session, the same answer
 * for everyone, sent with the /api/ default of no-store, so a hidden update is gone at once.
 */
const publicTeamUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/team-updates',
    { schema: { querystring: teamUpdateListQuerySchema, response: { 200: publicTeamUpdateListSchema } } },
    async (request) => listPublicUpdates(app.db, (await app.rallySettings()).year, request.query),
  );
};

export default publicTeamUpdateRoutes;
