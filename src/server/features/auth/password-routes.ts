import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../common/schemas/auth';
import { messageSchema } from '../../../common/schemas/answers';
import { HttpError } from '../../errors';
import { hashPassword } from '../../services/passwords';
import { refuseCommonPassword } from '../../services/common-passwords';
import { enforce } from '../../services/rate-limit';
import { siteLink } from '../../services/site-links';
import { authLimits } from './limits';
import { resetPasswordEmail } from './reset-email';
import { isTokenLive, resetPasswordWithToken } from './reset-tokens';
import { hashToken, issuePasswordToken, RESET_TOKEN_TTL_MS } from '../../services/password-tokens';
import { findUserByEmail } from '../../services/accounts';
import { markVerified } from './verification';

/** The same answer whether or not the account exists (spec section 8: does not reveal it). */
export const FORGOT_ANSWER = "If an account exists for that address, we've sent a link to reset its password.";
export const INVALID_TOKEN_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const { email } = request.body;
      await enforce(app.db, authLimits.forgot(app.config, request.ip, email), reply);
      // Done after the answer has gone, so its duration cannot tell whether an account exists.
      app.background.run(request.log, 'password reset e-mail failed', async () => {
        const user = await findUserByEmail(app.db, email);
        if (!user) return;
        const token = await issuePasswordToken(app.db, user.id, RESET_TOKEN_TTL_MS);
        await app.mailer.send(resetPasswordEmail(user.email, user.firstName, siteLink(app.config, '/reset-password', { token })));
      });
      return { message: FORGOT_ANSWER };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      await enforce(app.db, authLimits.reset(request.ip, hashToken(token)), reply);
      if (!(await isTokenLive(app.db, token))) throw new HttpError(400, INVALID_TOKEN_MESSAGE);
      await refuseCommonPassword(newPassword, 'newPassword');
      const hash = await hashPassword(newPassword);
      // The token is checked again as it is consumed: another request may have used it meanwhile.
      const userId = await resetPasswordWithToken(app.db, token, hash, request.session.sessionId);
      if (!userId) throw new HttpError(400, INVALID_TOKEN_MESSAGE);
      // The link reached the account's mailbox, so a completed reset proves the address just as a
      // verification link does (this is how accounts made by organisers become verified).
      await markVerified(app.db, userId);
      request.log.info({ userId, ip: request.ip }, 'auth: password reset');
      return { message: 'Your password has been reset. You can now log in with your new password.' };
    },
  );
};

export default passwordRoutes;
