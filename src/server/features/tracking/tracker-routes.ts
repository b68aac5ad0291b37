import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawText } from '../../../common/schemas/primitives';
import { HttpError, notFound } from '../../errors';
import { enforce } from '../../services/rate-limit';
import { hashTrackerToken, teamOfTrackerToken } from './sharing';
import { storePosition } from './positions';
import { SHARING_ENDED, sharingHasEnded } from './sharing-period';
import { readTrackerRequest, trackerClientId } from './tracker-request';

const tokenParams = z.object({ token: rawText(200) });
/** OwnTracks reads a JSON array of messages for its friends' list: we send none. */
const trackerAnswer = z.array(z.never());
/** A location message is well under 1 KB; nothing a tracker sends needs more. */
const BODY_LIMIT = 16 * 1024;
const MINUTE = 60_000;
/**
 * A tracker posts every few seconds at most; a phone back in signal sends its queue one message
 * after another. Per address and per network address, so a wrong address cannot flood the database.
 */
const trackerLimits = (token: string, ip: string) => [
  { key: `tracker:${hashTrackerToken(token)}`, max: 120, windowMs: MINUTE },
  { key: `tracker-ip:${ip}`, max: 600, windowMs: MINUTE },
];

/**
 * A team's secret tracker address (/api/tracking/tracker/{token}), for OwnTracks (HTTP mode) and Traccar
 * Client (OsmAnd): outside the session scope, the token in the address is the only credential.
 * - an unknown, replaced or last season's token: 404, the same answer whatever the reason;
 * - once the season's sharing has ended (sharing-period.ts): 410 with a plain message;
 * - sharing paused or off, or the team on the waiting list: 200 and the position is dropped (a tracker refused would keep
 *   retrying the same message and hold back every one after it);
 * - a position that cannot be read, or whose coordinates are out of range: 400, nothing stored.
 */
const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Earlier Traccar Clients may send the OsmAnd parameters as a form body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/tracking/tracker/:token', // the path the tracker address is made with (TRACKER_PATH)
    bodyLimit: BODY_LIMIT,
    schema: { params: tokenParams, response: { 200: trackerAnswer } },
    handler: async (request, reply) => {
      const { token } = request.params;
      await enforce(app.db, trackerLimits(token, request.ip), reply);
      const team = await teamOfTrackerToken(app.db, token);
      if (!team) throw notFound('Not found');
      if (sharingHasEnded(await app.rallySettings(), app.clock())) throw new HttpError(410, SHARING_ENDED);
      const message = readTrackerRequest(request.query as Record<string, unknown>, request.body);
      if (message.kind === 'position') {
        const stored = await storePosition(app.db, team, message.source, message.fix, trackerClientId(message.source, message.fix));
        request.log.info({ signupId: team.signupId, source: message.source, stored }, 'tracker position');
      }
      return [];
    },
  });
};

export default trackerRoutes;
