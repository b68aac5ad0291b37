import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteHealthSchema } from '../../../common/schemas/site-health';
import { siteHealth } from './facts';
import { startSiteHealthAlerts } from './alerts';

/** The organisers' Site health page (/admin/site-health) and its daily e-mail when something needs attention. */
const siteHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/site-health', { schema: { response: { 200: siteHealthSchema } } }, async () => siteHealth(app));
  app.workerStarters.push(startSiteHealthAlerts);
};

export default siteHealthRoutes;
