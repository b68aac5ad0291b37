import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followTeamSchema } from '../../../common/schemas/followers';
import { messageSchema } from '../../../common/schemas/answers';

/**
 * "Follow this team" from a team's donate page: the rules are the followers feature's
 * (docs/features/followers.md), which it gives the whole app as app.teamFollowers. A write, so it
 * is registered with the session-scoped routes.
 */
const followTeamRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/fundraising/teams/:id/followers',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: followTeamSchema,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await app.teamFollowers.requestFollow(request, reply, request.params.id, request.body)),
  );
};

export default followTeamRoute;
