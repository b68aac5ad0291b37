import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../common/schemas/answers';
import type { User } from '../../db/schema';
import { userOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { enforce } from '../../services/rate-limit';
import { siteLink } from '../../services/site-links';
import { authLimits } from './limits';
import { issueVerificationToken, verifyWithToken } from './verification';
import { verificationEmail } from './verification-emails';

const verifyQuery = z.object({ token: z.string().min(1, 'Invalid link').max(200) });

/** Issues a new link (revoking the old one) and e-mails it; a mail failure is logged, not thrown. */
export async function sendVerificationLink(app: FastifyInstance, request: FastifyRequest, user: User): Promise<boolean> {
  const token = await issueVerificationToken(app.db, user.id);
  try {
    await app.mailer.send(verificationEmail(user.email, user.firstName, siteLink(app.config, '/verify-email', { token })));
    return true;
  } catch (err) {
    request.log.error({ err, userId: user.id }, 'verification e-mail failed');
    return false;
  }
}

const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The link in the e-mail. It signs the person in (if not already) and lands on the dashboard.
  app.get('/verify-email', { schema: { querystring: verifyQuery } }, async (request, reply) => {
    await enforce(app.db, authLimits.verify(request.ip), reply);
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const user = await verifyWithToken(app.db, request.query.token);
    if (!user) {
      request.log.info({ userId: request.session.userId ?? null, ip: request.ip }, 'auth: verification link invalid');
      return reply.redirect(request.currentUser ? '/dashboard?verification=invalid' : '/login?verification=invalid', 303);
    }
    if (request.session.userId !== user.id) {
      await request.session.regenerate();
      request.session.userId = user.id;
    }
    request.log.info({ userId: user.id, ip: request.ip }, 'auth: e-mail verified');
    return reply.redirect('/dashboard', 303);
  });

  app.post(
    '/api/auth/resend-verification',
    { preHandler: app.requireUser, schema: { response: { 200: messageSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      reply.header('Cache-Control', 'no-store');
      if (user.emailVerifiedAt) return { message: 'Your e-mail address is already confirmed.' };
      await enforce(app.db, authLimits.resendVerification(request.ip, user.id), reply);
      const sent = await sendVerificationLink(app, request, user);
      if (!sent) throw new HttpError(502, 'The e-mail could not be sent. Please try again in a few minutes.');
      return { message: `We sent a new link to ${user.email}.` };
    },
  );
};

export default verificationRoutes;
