import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawText } from '../../../common/schemas/primitives';
import { signups } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { enforce } from '../../services/rate-limit';
import { raiseSos } from '../../services/sos';
import { hashTrackerToken, teamOfTrackerToken } from './sharing';
import { storePosition, type Fix } from '../../services/team-positions';
import { SHARING_ENDED, sharingHasEnded } from '../../services/sharing-period';
import { readTrackerRequest, trackerClientId } from './tracker-request';

const tokenParams = z.object({ token: rawText(200) });
/** OwnTracks reads a JSON array of messages for its friends' list: we send none. */
const trackerAnswer = z.array(z.never());
/** A location message is well under 1 KB; nothing a tracker sends needs more. */
const BODY_LIMIT = 16 * 1024;
const MINUTE = 60_000;

/**
 * A tracker records at most one fix a second, and after hours without signal it sends its buffer
 * one message after another, as fast as the network allows. So a team's address is limited by the
 * minute each fix was recorded in (a 2-hour buffer drains at once: each of its minutes holds a few
 * fixes), with a ceiling per minute of arrival that no tracker reaches. An unknown address is
 * limited per network address, so a wrong address cannot flood the database.
 */
export const TRACKER_FIXES_PER_RECORDED_MINUTE = 60;
const TRACKER_REQUESTS_PER_MINUTE = 1800;
const addressKey = (token: string) => `tracker:${hashTrackerToken(token)}`;
const addressLimit = (token: string) => [{ key: addressKey(token), max: TRACKER_REQUESTS_PER_MINUTE, windowMs: MINUTE }];
const recordedMinuteLimit = (token: string, recordedAt: Date) => [
  {
    key: `${addressKey(token)}:recorded:${Math.floor(recordedAt.getTime() / MINUTE)}`,
    max: TRACKER_FIXES_PER_RECORDED_MINUTE,
    windowMs: MINUTE,
  },
];
const unknownAddressLimit = (ip: string) => [{ key: `tracker-ip:${ip}`, max: 600, windowMs: MINUTE }];

/** One id per tracker alarm (its team and fix time), so a tracker resending it raises one SOS. */
function alarmClientId(signupId: number, fix: Fix): string {
  const hex = createHash('sha256').update(`tracker-sos:${signupId}:${fix.recordedAt.getTime()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Traccar's SOS button: an SOS as the rally app's button raises, at the fix's place, by a member of the team. */
async function raiseTrackerSos(app: FastifyInstance, signupId: number, fix: Fix): Promise<void> {
  const [team] = await app.db
    .select({ id: signups.id, teamName: signups.teamName, userId: signups.userId, coDriverUserId: signups.coDriverUserId })
    .from(signups)
    .where(eq(signups.id, signupId));
  if (!team) return;
  const rally = await app.rallySettings();
  await raiseSos(app, rally, app.clock(), { id: team.id, teamName: team.teamName }, (team.userId ?? team.coDriverUserId)!, {
    clientId: alarmClientId(signupId, fix),
    position: { lat: fix.lat, lng: fix.lng, ...(fix.accuracy === null ? {} : { accuracy: fix.accuracy }) },
    note: "SOS pressed in the team's tracker app (Traccar)",
    madeAt: fix.recordedAt.toISOString(),
  });
}

/**
 * A team's secret tracker address (/api/tracking/tracker/{token}), for OwnTracks (HTTP mode) and Traccar
 * Client (OsmAnd): outside the session scope, the token in the address is the only credential.
 * - an unknown, replaced or last season's token, or a team without a place: 404, the same answer
 *   whatever the reason;
 * - once the season's sharing has ended (services/sharing-period.ts): 410 with a plain message;
 * - sharing paused or off: 200 and the position is dropped (a tracker refused would keep
 *   retrying the same message and hold back every one after it);
 * - an empty body (OwnTracks posts one, as JSON, when a friend is removed): 200 `[]`;
 * - Traccar's `alarm=sos`: an SOS, as the rally app's button raises (whether sharing or not);
 * - a position that cannot be read, or whose coordinates are out of range: 400, nothing stored.
 */
const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Earlier Traccar Clients may send the OsmAnd parameters as a form body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // JSON as everywhere, except that an empty body is no message rather than a 400 (OwnTracks).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/tracking/tracker/:token', // the path the tracker address is made with (TRACKER_PATH)
    bodyLimit: BODY_LIMIT,
    schema: { params: tokenParams, response: { 200: trackerAnswer } },
    handler: async (request, reply) => {
      const { token } = request.params;
      const team = await teamOfTrackerToken(app.db, token);
      if (!team) {
        await enforce(app.db, unknownAddressLimit(request.ip), reply);
        throw notFound('Not found');
      }
      await enforce(app.db, addressLimit(token), reply);
      if (sharingHasEnded(await app.rallySettings(), app.clock())) throw new HttpError(410, SHARING_ENDED);
      const message = readTrackerRequest(request.query as Record<string, unknown>, request.body);
      if (message.kind === 'position') {
        await enforce(app.db, recordedMinuteLimit(token, message.fix.recordedAt), reply);
        if (message.sos) await raiseTrackerSos(app, team.signupId, message.fix);
        const stored = await storePosition(app.db, team, message.source, message.fix, trackerClientId(message.source, message.fix));
        request.log.info({ signupId: team.signupId, source: message.source, stored, sos: message.sos === true }, 'tracker position');
      }
      return [];
    },
  });
};

export default trackerRoutes;
