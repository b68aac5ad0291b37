import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushPublicKeySchema } from '../../../common/schemas/control-room';
import { vapidKeys } from './push-keys';

/** GET /api/push/public-key: the VAPID public key a browser subscribes with (public, no session). */
const pushPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: (await vapidKeys(app.db, app.config)).publicKey,
  }));
};

export default pushPublicRoutes;
