import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupSchema } from '../../../common/schemas/signup';
import { signups } from '../../db/schema';
import { enforce } from '../../services/rate-limit';
import { confirmationEmail } from './confirmation-email';

const HOUR = 60 * 60 * 1000;

/** POST /api/signups: a team registers (no login needed), and the driver gets a confirmation e-mail. */
const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/signups', { schema: { body: signupSchema } }, async (request, reply) => {
    // Room for a club registering several cars from one address, not for a flood.
    await enforce(app.db, [{ key: `signup:ip:${request.ip}`, max: 50, windowMs: HOUR }], reply);
    const user = request.currentUser;
    const [signup] = await app.db
      .insert(signups)
      .values({ ...request.body, userId: user?.id ?? null, sponsors: [] })
      .returning();
    // Signed out, the account links later by driver e-mail; meanwhile this browser may add the car photo.
    if (!user) request.session.createdSignupIds = [...(request.session.createdSignupIds ?? []).slice(-9), signup.id];

    const siteUrl = (app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
    try {
      await app.mailer.send(confirmationEmail(signup, siteUrl));
    } catch (err) {
      // The registration stands; the organisers can resend details from the admin page.
      request.log.error({ err, signupId: signup.id }, 'signup confirmation e-mail failed');
    }
    reply.code(201);
    return { id: signup.id, teamName: signup.teamName };
  });
};

export default signupRoutes;
