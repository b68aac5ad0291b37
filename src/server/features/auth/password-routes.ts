import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../common/schemas/auth';
import { HttpError } from '../../plugins/errors';
import { hashPassword } from '../../services/passwords';
import { enforce } from '../../services/rate-limit';
import { authLimits } from './limits';
import { resetPasswordEmail } from './reset-email';
import { hashToken, isTokenLive, issuePasswordToken, resetPasswordWithToken, RESET_TOKEN_TTL_MS } from './reset-tokens';
import { findUserByEmail } from './users';

/** The same answer whether or not the account exists (spec section 8: does not reveal it). */
export const FORGOT_ANSWER = "If an account exists for that address, we've sent a link to reset its password.";
export const INVALID_TOKEN_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * Links point at PUBLIC_URL when it is set. Without it the request's own origin is used, which is
 * right for a single site behind a correct proxy; production sets PUBLIC_URL so a forged Host header
 * can never steer a link elsewhere.
 */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  // Work done after the answer has gone, so its duration cannot tell whether an account exists.
  const pending = new Set<Promise<void>>();
  const inBackground = (log: FastifyBaseLogger, work: () => Promise<void>) => {
    const task = work()
      .catch((err) => log.error({ err }, 'password reset e-mail failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.post('/api/auth/forgot-password', { schema: { body: forgotPasswordSchema } }, async (request, reply) => {
    const { email } = request.body;
    await enforce(app.db, authLimits.forgot(request.ip, email), reply);
    const origin = publicOrigin(app, request);
    inBackground(request.log, async () => {
      const user = await findUserByEmail(app.db, email);
      if (!user) return;
      const token = await issuePasswordToken(app.db, user.id, RESET_TOKEN_TTL_MS);
      await app.mailer.send(resetPasswordEmail(user.email, user.firstName, `${origin}/reset-password?token=${token}`));
    });
    return { message: FORGOT_ANSWER };
  });

  app.post('/api/auth/reset-password', { schema: { body: resetPasswordSchema } }, async (request, reply) => {
    const { token, newPassword } = request.body;
    await enforce(app.db, authLimits.reset(request.ip, hashToken(token)), reply);
    if (!(await isTokenLive(app.db, token))) throw new HttpError(400, INVALID_TOKEN_MESSAGE);
    const hash = await hashPassword(newPassword);
    // The token is checked again as it is consumed: another request may have used it meanwhile.
    const userId = await resetPasswordWithToken(app.db, token, hash, request.session.sessionId);
    if (!userId) throw new HttpError(400, INVALID_TOKEN_MESSAGE);
    reply.header('Cache-Control', 'no-store');
    return { message: 'Your password has been reset. You can now log in with your new password.' };
  });
};

export default passwordRoutes;
