import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appPositionSchema,
  myTrackingSchema,
  positionAnswerSchema,
  sharingSchema,
  trackerAddressSchema,
  type MyTracking,
} from '../../../common/schemas/tracking';
import { okSchema } from '../../../common/schemas/answers';
import { HttpError, notFound } from '../../errors';
import { userOf } from '../../plugins/auth';
import { siteLink } from '../../services/site-links';
import { findMyTeam } from '../dashboard';
import { issueTrackerToken, removeTrackerToken, setSharing, sharingState, trackingOf, TRACKER_PATH } from './sharing';
import { latestPosition, storePosition } from './positions';
import { startPositionPublisher } from './publish-positions';
import { assertMayShare, sharingHasEnded } from './sharing-period';

export const NO_TEAM = 'No registration found';
export const NOT_THIS_SEASON = "Position sharing is for this season's teams";

/**
 * The caller's team, when it may share positions: a team of the current season that has not
 * withdrawn, which the caller drives or co-drives (an accepted co-driver: findMyTeam's rule).
 */
async function sharingTeam(app: FastifyInstance, request: FastifyRequest) {
  const team = await findMyTeam(app.db, userOf(request));
  if (!team) throw notFound(NO_TEAM);
  const season = (await app.rallySettings()).year;
  if (team.signup.rallyYear !== season || team.signup.status === 'withdrawn') throw new HttpError(409, NOT_THIS_SEASON);
  return { signupId: team.signup.id, rallyYear: team.signup.rallyYear, status: team.signup.status };
}

/** The caller's team, when it may share now: on the road (not the waiting list) and before sharing ends (sharing-period.ts). */
async function teamOnTheRoad(app: FastifyInstance, request: FastifyRequest) {
  const team = await sharingTeam(app, request);
  assertMayShare(team.status, await app.rallySettings(), app.clock());
  return team;
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

/** The signed-in team's position sharing: its state, its tracker address, and positions from the rally app. */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const rallier = { onRequest: app.requireUser };
  app.workerStarters.push(startPositionPublisher);

  app.get('/api/my-tracking', { ...rallier, schema: { response: { 200: myTrackingSchema } } }, async (request) =>
    myTracking(app, (await sharingTeam(app, request)).signupId),
  );

  app.put('/api/my-tracking', { ...rallier, schema: { body: sharingSchema, response: { 200: myTrackingSchema } } }, async (request) => {
    // Pausing is always allowed; turning on only while the team may share.
    const { signupId } = await (request.body.sharing ? teamOnTheRoad : sharingTeam)(app, request);
    await setSharing(app.db, signupId, request.body.sharing);
    request.log.info({ signupId, sharing: request.body.sharing }, 'position sharing changed');
    return myTracking(app, signupId);
  });

  // A new address each time: the one before stops working. The token is in this answer only.
  app.post(
    '/api/my-tracking/tracker-address',
    { ...rallier, schema: { response: { 201: trackerAddressSchema } } },
    async (request, reply) => {
      const { signupId } = await teamOnTheRoad(app, request);
      const { token, createdAt } = await issueTrackerToken(app.db, signupId);
      request.log.info({ signupId }, 'tracker address made');
      return reply.code(201).send({ url: siteLink(app.config, `${TRACKER_PATH}${token}`), createdAt: createdAt.toISOString() });
    },
  );

  app.delete('/api/my-tracking/tracker-address', { ...rallier, schema: { response: { 200: okSchema } } }, async (request) => {
    const { signupId } = await sharingTeam(app, request);
    await removeTrackerToken(app.db, signupId);
    return { ok: true };
  });

  // The rally app's positions, queued on the phone while offline: the phone's id makes a retry count once.
  app.post(
    '/api/my-tracking/positions',
    { ...rallier, schema: { body: appPositionSchema, response: { 200: positionAnswerSchema } } },
    async (request) => {
      const team = await teamOnTheRoad(app, request);
      const { lat, lng, accuracy, recordedAt, clientId } = request.body;
      const stored = await storePosition(app.db, team, 'app', { lat, lng, accuracy, recordedAt: new Date(recordedAt) }, `app:${clientId}`);
      return { stored };
    },
  );
};

export default trackingRoutes;
