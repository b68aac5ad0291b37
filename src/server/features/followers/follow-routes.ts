import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  FOLLOW_STARTED,
  followPreferencesSchema,
  followStateSchema,
  followTeamSchema,
  followTokenParamSchema,
  followTokenSchema,
} from '../../../common/schemas/followers';
import { messageSchema } from '../../../common/schemas/answers';
import { teamFollowers } from '../../db/schema';
import { enforce } from '../../services/rate-limit';
import { confirmFollow, followByToken, startFollow, stateOf, stopFollow } from './follow';

const HOUR = 60 * 60 * 1000;
/** A family on one connection follows a few teams; a script filling inboxes does not get far. */
export const FOLLOW_LIMITS = {
  perIp: { max: 30, windowMs: HOUR },
  /** Confirmation e-mails to one address, whichever teams: nobody's inbox is flooded through us. */
  perAddress: { max: 5, windowMs: HOUR, message: 'Too many requests for this address. Please try again later.' },
};

/**
 * Following a team (docs/features/followers.md): the supporter's form, the confirmation page's
 * POST, and the follower's own page behind the link in every e-mail (GET reads, POST acts), with
 * the RFC 8058 one-click POST a mail client makes.
 */
const followRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/fundraising/teams/:id/followers',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: followTeamSchema,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      await enforce(
        app.db,
        [
          { key: `follow:ip:${request.ip}`, ...FOLLOW_LIMITS.perIp },
          { key: `follow:email:${email}`, ...FOLLOW_LIMITS.perAddress },
        ],
        reply,
      );
      await startFollow(app, request.params.id, request.body, request.log);
      return reply.code(202).send({ message: FOLLOW_STARTED });
    },
  );

  app.post('/api/follows/confirm', { schema: { body: followTokenSchema, response: { 200: followStateSchema } } }, async (request) =>
    confirmFollow(app, request.body.token),
  );

  const byToken = { params: followTokenParamSchema, response: { 200: followStateSchema } };

  app.get('/api/follows/:token', { schema: byToken }, async (request) => {
    const { follow, teamName } = await followByToken(app.db, request.params.token);
    return stateOf(follow, teamName);
  });

  app.post('/api/follows/:token/stop', { schema: byToken }, async (request) => stopFollow(app.db, request.params.token));

  app.post('/api/follows/:token/preferences', { schema: { ...byToken, body: followPreferencesSchema } }, async (request) => {
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

  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" as a form; any body is accepted.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, body),
  );
  app.post('/follow/:token', { schema: { params: followTokenParamSchema } }, async (request, reply) => {
    const state = await stopFollow(app.db, request.params.token);
    return reply.type('text/plain').send(`You no longer follow ${state.teamName}.`);
  });
};

export default followRoutes;
