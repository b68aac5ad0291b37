import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livePositionsSchema } from '../../../common/schemas/tracking';
import { sendCachedJson } from '../../plugins/compression';
import { keptLiveAnswer } from '../../services/live-answer';
import { publicPositions } from './positions';
import { sharingHasEnded } from '../../services/sharing-period';

/** A built answer serves every supporter for this long at most; a positions.changed event drops it sooner. */
const KEEP_MS = 30_000;

/**
 * GET /api/tracking/positions: the supporters' map (public scope, the same for everyone). Built once
 * for all the open pages that refetch together after a positions.changed event
 * (services/live-answer.ts); a kept answer only ever shows positions later than the delay, never
 * earlier.
 */
const publicTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const positions = keptLiveAnswer(app.live, {
    kinds: ['positions.changed'],
    maxAgeMs: KEEP_MS,
    // The cache sends ready bytes (the serializer does not see them), so the schema strips first.
    build: async () => {
      const rally = await app.rallySettings();
      const positions = await publicPositions(app.db, new Date(), rally.livePositionDelayMinutes);
      // Once the season's sharing has ended the map shows no team (services/sharing-period.ts).
      return livePositionsSchema.parse(sharingHasEnded(rally, app.clock()) ? { ...positions, teams: [] } : positions);
    },
  });
  app.addHook('onClose', async () => positions.stop());

  app.get('/api/tracking/positions', { schema: { response: { 200: livePositionsSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await positions.get()),
  );
};

export default publicTrackingRoutes;
