import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findRallyTeam } from '../services/rally-team';
import { userOf } from './auth';

/**
 * The signed-in rallier's team for a request of the rally app's routes, with this season's settings
 * and the site's clock: what every route of a team on the road (/api/my-rally-app, /api/my-clues,
 * /api/my-tracking) starts from.
 */
export async function rallyTeamOf(app: FastifyInstance, request: FastifyRequest) {
  const rally = await app.rallySettings();
  return { rally, team: await findRallyTeam(app.db, userOf(request), rally.year), now: app.clock() };
}
