import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { myTrackingSchema, sharingSchema, trackerAddressSchema, type MyTracking } from '../../../common/schemas/tracking';
import { okSchema } from '../../../common/schemas/answers';
import { siteLink } from '../../services/site-links';
import { rallyTeamOf } from '../../plugins/rally-team';
import { issueTrackerToken, removeTrackerToken, setSharing, sharingState, trackingOf, TRACKER_PATH } from './sharing';
import { latestPosition } from './positions';
import { startPositionPublisher } from './publish-positions';
import { assertSharingOpen, sharingHasEnded } from '../../services/sharing-period';

/** The caller's team, when it may share positions: the one guard of a team on the road (plugins/rally-team.ts). */
async function sharingTeam(app: FastifyInstance, request: FastifyRequest) {
  const { rally, team } = await rallyTeamOf(app, request);
  return { signupId: team.id, rallyYear: rally.year };
}

/** The caller's team, when it may share now: on the road and before sharing ends (services/sharing-period.ts). */
async function teamOnTheRoad(app: FastifyInstance, request: FastifyRequest) {
  const { rally, team, now } = await rallyTeamOf(app, request);
  assertSharingOpen(rally, now);
  return { signupId: team.id, rallyYear: rally.year };
}

async function myTracking(app: FastifyInstance, signupId: number): Promise<MyTracking> {
  const [tracking, latest, settings] = await Promise.all([
    trackingOf(app.db, signupId),
    latestPosition(app.db, signupId),
    app.rallySettings(),
  ]);
  return {
    // Once sharing has ended it is off, whatever the team last chose.
    state: sharingHasEnded(settings, app.clock()) ? 'off' : sharingState(tracking),
    trackerAddressCreatedAt: tracking?.trackerCreatedAt?.toISOString() ?? null,
    latest: latest
      ? { lat: latest.lat, lng: latest.lng, accuracy: latest.accuracy, recordedAt: latest.recordedAt.toISOString(), source: latest.source }
      : null,
    publicDelayMinutes: settings.livePositionDelayMinutes,
  };
}

/** The signed-in team's position sharing: its state and its tracker address (the rally app's positions: features/rally-app). */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startPositionPublisher);

  app.get('/api/my-tracking', { schema: { response: { 200: myTrackingSchema } } }, async (request) =>
    myTracking(app, (await sharingTeam(app, request)).signupId),
  );

  app.put('/api/my-tracking', { schema: { body: sharingSchema, response: { 200: myTrackingSchema } } }, async (request) => {
    // Pausing is always allowed; turning on only while the team may share.
    const { signupId } = await (request.body.sharing ? teamOnTheRoad : sharingTeam)(app, request);
    await setSharing(app.db, signupId, request.body.sharing);
    request.log.info({ signupId, sharing: request.body.sharing }, 'position sharing changed');
    return myTracking(app, signupId);
  });

  // A new address each time: the one before stops working. The token is in this answer only.
  app.post('/api/my-tracking/tracker-address', { schema: { response: { 201: trackerAddressSchema } } }, async (request, reply) => {
    const { signupId } = await teamOnTheRoad(app, request);
    const { token, createdAt } = await issueTrackerToken(app.db, signupId);
    request.log.info({ signupId }, 'tracker address made');
    return reply.code(201).send({ url: siteLink(app.config, `${TRACKER_PATH}${token}`), createdAt: createdAt.toISOString() });
  });

  app.delete('/api/my-tracking/tracker-address', { schema: { response: { 200: okSchema } } }, async (request) => {
    const { signupId } = await sharingTeam(app, request);
    await removeTrackerToken(app.db, signupId);
    return { ok: true };
  });
};

export default trackingRoutes;
