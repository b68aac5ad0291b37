import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { followPreferencesSchema, followStateSchema, followTokenParamSchema, followTokenSchema } from '../../../common/schemas/followers';
import { teamFollowers } from '../../db/schema';
import { confirmFollow, followByToken, stateOf, stopFollow } from './follow';
import { acceptOneClickPosts } from '../../services/one-click-post';
import { vapidKeys } from '../../services/push-keys';
import { pushPublicKeySchema } from '../../../common/schemas/control-room';

/**
 * Following a team (docs/features/followers.md): the confirmation page's POST, and the follower's own page behind the link in every e-mail (GET reads, POST acts), with
 * the RFC 8058 one-click POST a mail client makes.
 */
const followRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/followers/confirm', { schema: { body: followTokenSchema, response: { 200: followStateSchema } } }, async (request) =>
    confirmFollow(app, request.body.token),
  );

  // The key a browser subscribes with for "Also notify this browser" (no account needed: it is public).
  app.get('/api/followers/push-key', { schema: { response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: (await vapidKeys(app.db, app.config)).publicKey,
  }));

  const byToken = { params: followTokenParamSchema, response: { 200: followStateSchema } };

  app.get('/api/followers/:token', { schema: byToken }, async (request) => {
    const { follow, teamName } = await followByToken(app.db, request.params.token);
    return stateOf(follow, teamName);
  });

  app.post('/api/followers/:token/stop', { schema: byToken }, async (request) => stopFollow(app.db, request.params.token));

  app.post('/api/followers/:token/preferences', { schema: { ...byToken, body: followPreferencesSchema } }, async (request) => {
    const { follow, teamName } = await followByToken(app.db, request.params.token);
    const [row] = await app.db
      .update(teamFollowers)
      .set({
        dailyDigest: request.body.dailyDigest ?? follow.dailyDigest,
        keepAfterResults: request.body.keepAfterResults ?? follow.keepAfterResults,
      })
      .where(eq(teamFollowers.id, follow.id))
      .returning();
    return stateOf(row!, teamName, 'Your choices are saved.');
  });

  acceptOneClickPosts(app);
  app.post('/follow/:token', { schema: { params: followTokenParamSchema } }, async (request, reply) => {
    const state = await stopFollow(app.db, request.params.token);
    return reply.type('text/plain').send(`You no longer follow ${state.teamName}.`);
  });
};

export default followRoutes;
