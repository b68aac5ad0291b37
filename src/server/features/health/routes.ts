import type { FastifyPluginAsync } from 'fastify';
import { NO_SESSION } from '../../plugins/session';

/** 200 when the database answers, 503 when it does not (load balancers use this). */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: NO_SESSION }, async (_request, reply) => {
    try {
      await Promise.race([app.database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default healthRoutes;
