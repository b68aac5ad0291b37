import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myCluesSchema } from '../../../common/schemas/clues';
import { rallyTeamOf } from '../../plugins/rally-team';
import { myClues } from './team-view';

/**
 * The team's side of the hunt, for the rally app on the driver's and co-driver's phones
 * (docs/features/clues.md): what it reads. Its acts (answers, hints, check-ins) are the rally
 * app's routes under /api/my-rally-app (features/rally-app/act-routes.ts).
 */
const clueTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const teamOf = (request: FastifyRequest) => rallyTeamOf(app, request);

  app.get('/api/my-clues', { schema: { response: { 200: myCluesSchema } } }, async (request) => {
    const { rally, team, now } = await teamOf(request);
    return myClues(app.db, rally, now, team);
  });
};

export default clueTeamRoutes;
