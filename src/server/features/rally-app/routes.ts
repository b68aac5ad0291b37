import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rallyDate } from '../../../common/rally-time';
import {
  allOkInputSchema,
  allOkSchema,
  myRallyStatusSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  rallyMessageListSchema,
  sosInputSchema,
  sosSchema,
} from '../../../common/schemas/control-room';
import { okSchema } from '../../../common/schemas/answers';
import { HttpError } from '../../errors';
import { userOf } from '../../plugins/auth';
import { rallyTeamOf } from '../../plugins/rally-team';
import { vapidKeys } from '../../services/push-keys';
import { removeSubscription, saveSubscription } from '../../services/team-push-subscriptions';
import { teamMessages } from '../../services/rally-messages';
import { allOkOn, sayAllOk } from './all-ok';
import { raiseSos, teamSosOf, toSos } from '../../services/sos';

/**
 * The team's side of the live rally beside the clues, for the rally app on the driver's and
 * co-driver's phones (docs/features/control-room.md): SOS, "All OK tonight", the organisers'
 * messages and Web Push. Who: rallyTeamOf (plugins/rally-team.ts), the one guard of a team on the
 * road (409 for a waiting-list team, 404 for anyone else not on a team of this season holding a
 * place). The SOS and the messages the organisers' side shares are in services/ (sos.ts,
 * rally-messages.ts); "All OK tonight" is the team's alone (all-ok.ts).
 */
const rallyTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const teamOf = (request: FastifyRequest) => rallyTeamOf(app, request);

  app.post(
    '/api/my-rally-app/sos',
    { schema: { body: sosInputSchema, response: { 200: sosSchema, 201: sosSchema } } },
    async (request, reply) => {
      const { rally, team, now } = await teamOf(request);
      const { sos, created } = await raiseSos(app, rally, now, team, userOf(request).id, request.body);
      return reply.code(created ? 201 : 200).send(sos);
    },
  );

  app.post('/api/my-rally-app/all-ok', { schema: { body: allOkInputSchema, response: { 200: allOkSchema } } }, async (request) => {
    const { rally, team, now } = await teamOf(request);
    return sayAllOk(app.db, rally, now, team, request.body);
  });

  app.get('/api/my-rally-app/status', { schema: { response: { 200: myRallyStatusSchema } } }, async (request) => {
    const { rally, team, now } = await teamOf(request);
    const today = rallyDate(now, rally.timeZone);
    const [allOkToday, open] = await Promise.all([allOkOn(app.db, team.id, today), teamSosOf(app.db, rally, team.id, now)]);
    return { teamName: team.teamName, today, allOkToday, openSos: open ? toSos(open) : null };
  });

  app.get('/api/my-rally-app/messages', { schema: { response: { 200: rallyMessageListSchema } } }, async (request) => {
    const { rally, team } = await teamOf(request);
    return teamMessages(app.db, rally.year, team.id);
  });

  app.get('/api/my-rally-app/push-public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async (request) => {
    await teamOf(request);
    return { publicKey: (await vapidKeys(app.db, app.config)).publicKey };
  });

  app.post(
    '/api/my-rally-app/push-subscription',
    { schema: { body: pushSubscriptionSchema, response: { 201: okSchema } } },
    async (request, reply) => {
      const { team } = await teamOf(request);
      await saveSubscription(app, userOf(request).id, team.id, request.body);
      return reply.code(201).send({ ok: true });
    },
  );

  app.delete(
    '/api/my-rally-app/push-subscription',
    { schema: { body: pushUnsubscribeSchema, response: { 200: okSchema } } },
    async (request) => {
      if (!(await removeSubscription(app, userOf(request).id, request.body.endpoint))) throw new HttpError(404, 'No such subscription');
      return { ok: true };
    },
  );
};

export default rallyTeamRoutes;
