import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamUpdateInputSchema, teamUpdateListSchema, teamUpdateSchema } from '../../../common/schemas/team-updates';
import { userOf } from '../../plugins/auth';
import { createStorage, UPDATE_PHOTOS } from '../../services/storage';
import { rallyTeamOf } from '../../plugins/rally-team';
import { publishUploadedImage, settleUpload } from '../../services/uploaded-images';
import { postUpdate } from './post-update';
import { listUpdatesWithHidden } from '../../services/team-update-views';

/**
 * The team's updates from the road (docs/features/team-updates.md), for the rally app: the driver
 * or the accepted co-driver of a team of this season posts, and reads its own, hidden ones too.
 * Under /api/my-rally-app with the team's other acts; the rules are the team-updates feature's.
 */
const teamUpdateTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config, app.signingKey);

  app.post(
    '/api/my-rally-app/updates',
    { schema: { body: teamUpdateInputSchema, response: { 200: teamUpdateSchema, 201: teamUpdateSchema } } },
    async (request, reply) => {
      const { team, now } = await rallyTeamOf(app, request);
      const publishPhoto = async (uploadUrl: string) => {
        const { url } = await publishUploadedImage(app.db, storage, uploadUrl, UPDATE_PHOTOS);
        await settleUpload(app.db, request, uploadUrl);
        return url;
      };
      const { update, created } = await postUpdate({ db: app.db, publishPhoto }, team, userOf(request).id, request.body, now);
      // Its followers' e-mail is queued after this answer's work, never holding it up.
      if (created) app.teamFollowers.updatePosted(update.id);
      return reply.code(created ? 201 : 200).send(update);
    },
  );

  app.get('/api/my-rally-app/updates', { schema: { response: { 200: teamUpdateListSchema } } }, async (request) => {
    const { team } = await rallyTeamOf(app, request);
    return listUpdatesWithHidden(app.db, { signupId: team.id });
  });
};

export default teamUpdateTeamRoutes;
