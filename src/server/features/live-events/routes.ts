import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isOrganiserEvent } from '../../../common/schemas/live-events';
import { liveStreams } from './event-stream';

/**
 * GET /api/live-events: the live event bus as Server-Sent Events, the same for everyone (public
 * scope, no session). Organisers' events (kinds starting `admin.`: an SOS, a team's contact) never
 * reach it; they go only to GET /api/admin/live-events (admin-routes.ts). Its events are gathered
 * (at most one send per 300 ms, coalescer.ts), as thousands of /live pages may hold it open
 * (docs/features/live-load.md).
 */
const liveEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = liveStreams(app, { passes: (event) => !isOrganiserEvent(event), gather: true });
  app.addHook('preClose', async () => streams.endAll());
  app.get('/api/live-events', async (request, reply) => streams.open(request, reply));
};

export default liveEventRoutes;
