import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailUpdateSchema } from '../../../common/schemas/email-update';
import { emailUpdates } from '../../db/schema';

const emailUpdatesRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Subscribes a visitor to rally updates. Subscribing twice keeps one row (unique on the
   * lower-cased address) and still answers success, so the answer reveals nothing about who
   * is already on the list.
   */
  app.post('/api/email-updates', { schema: { body: emailUpdateSchema } }, async (request, reply) => {
    const { name, email } = request.body;
    await app.db.insert(emailUpdates).values({ name, email }).onConflictDoNothing();
    reply.code(201);
    return { ok: true };
  });
};

export default emailUpdatesRoutes;
