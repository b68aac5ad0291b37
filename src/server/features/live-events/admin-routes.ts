import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liveStreams } from './event-stream';

/**
 * GET /api/admin/live-events: the organisers' stream (session scope, organisers only): every event
 * of the bus, the `admin.` kinds among them, so the control room hears of an SOS within a second.
 * The organiser's rights are checked when the stream opens; the stream ends when its session logs
 * out or expires (event-stream.ts endWithSession), and carries ids only, never data.
 */
const liveEventAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Gathered like the public stream: only standings and positions changes are (coalescer.ts),
  // so an SOS still goes at once, while a burst of answers refreshes an open control room once.
  const streams = liveStreams(app, { passes: () => true, gather: true, endsWithSession: true });
  app.addHook('preClose', async () => streams.endAll());
  app.get('/api/admin/live-events', async (request, reply) => streams.open(request, reply));
};

export default liveEventAdminRoutes;
