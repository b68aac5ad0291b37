import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livePositionsSchema, type LivePositions } from '../../../common/schemas/tracking';
import { publicPositions } from './positions';

/** A built answer serves every supporter for this long at most; a positions.changed event drops it sooner. */
const KEEP_MS = 30_000;

/**
 * GET /api/tracking/positions: the supporters' map (public scope, the same for everyone). Built once
 * for all the open pages that refetch together after a positions.changed event; a kept answer
 * only ever shows positions later than the delay, never earlier.
 */
const publicTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  let kept: { at: number; answer: Promise<LivePositions> } | null = null;
  const unsubscribe = app.live.subscribe((event) => {
    if (event.kind === 'positions.changed' || event.kind === 'live.resync') kept = null;
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/api/tracking/positions', { schema: { response: { 200: livePositionsSchema } } }, async (_request, reply) => {
    const now = Date.now();
    if (!kept || now - kept.at > KEEP_MS) {
      const answer = app.rallySettings().then((s) => publicPositions(app.db, new Date(now), s.livePositionDelayMinutes));
      kept = { at: now, answer };
      answer.catch(() => {
        if (kept?.answer === answer) kept = null;
      });
    }
    reply.header('Cache-Control', 'no-cache');
    return kept.answer;
  });
};

export default publicTrackingRoutes;
