import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailUpdateSchema } from '../../../common/schemas/email-update';
import { emailUpdates } from '../../db/schema';
import { enforce } from '../../services/rate-limit';

/** Generous for a family on one connection, tight enough to stop a script filling the list. */
export const SUBSCRIBE_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };

const emailUpdatesRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Subscribes a visitor to rally updates. Subscribing twice keeps one row (unique on the
   * lower-cased address) and still answers success, so the answer reveals nothing about who
   * is already on the list.
   */
  app.post('/api/email-updates', { schema: { body: emailUpdateSchema } }, async (request, reply) => {
    await enforce(app.db, [{ key: `email-updates:ip:${request.ip}`, ...SUBSCRIBE_LIMIT }], reply);
    const { name, email } = request.body;
    await app.db.insert(emailUpdates).values({ name, email }).onConflictDoNothing();
    reply.code(201);
    return { ok: true };
  });
};

export default emailUpdatesRoutes;
