import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../common/schemas/answers';
import { currentUserSchema, verifyEmailSchema, verifyStatusQuery, verifyStatusSchema } from '../../../common/schemas/auth';
import type { User } from '../../db/schema';
import { userOf } from '../../plugins/auth';
import { HttpError } from '../../errors';
import { refuseCommonPassword } from '../../services/common-passwords';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { enforce } from '../../services/rate-limit';
import { siteLink } from '../../services/site-links';
import { authLimits } from './limits';
import { issueVerificationToken, tokenOwner, verifyWithToken, type PasswordAtVerification } from './verification';
import { verificationEmail } from './verification-emails';
import { toCurrentUser } from './users';

export const VERIFY_INVALID_MESSAGE = 'This confirmation link is invalid or has expired. Log in to send a new one.';
export const VERIFY_ALREADY_MESSAGE = 'This e-mail address is already confirmed. Please log in.';
export const VERIFY_OTHER_ACCOUNT_MESSAGE = 'You are signed in with another account. Log out, then open the link again.';
export const VERIFY_PASSWORD_NEEDED_MESSAGE = 'Enter the password you chose when you signed up, or choose a new one.';
export const VERIFY_WRONG_PASSWORD_MESSAGE = 'That is not the password this account was created with. Try again, or choose a new password.';

/** Issues a new link (revoking the old one) and e-mails it; a mail failure is logged, not thrown. */
export async function sendVerificationLink(app: FastifyInstance, request: FastifyRequest, user: User): Promise<boolean> {
  const token = await issueVerificationToken(app.db, user.id);
  try {
    await app.mailer.send(verificationMessage(app, user, token));
    return true;
  } catch (err) {
    request.log.error({ err, userId: user.id }, 'verification e-mail failed');
    return false;
  }
}

export const verificationMessage = (app: FastifyInstance, user: User, token: string) =>
  verificationEmail(user.email, user.firstName, siteLink(app.config, '/verify-email', { token }));

const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The confirm button of the /verify-email page (the e-mailed link opens that page; a GET changes
   * nothing, so mail scanners that fetch links cannot use the token up). Whoever confirms proves
   * the mailbox and becomes the only holder of the account (verifyWithToken). A browser signed in
   * as that account keeps its password (it was made with it); anyone else must give that password
   * or choose a new one. A browser signed in as another account is refused, never switched.
   */
  // Lets the page say at once that a link is dead, before asking a signed-out visitor for a
  // password. Changes nothing and names no account.
  app.get(
    '/api/auth/verify-email/status',
    { schema: { querystring: verifyStatusQuery, response: { 200: verifyStatusSchema } } },
    async (request, reply) => {
      await enforce(app.db, authLimits.verify(request.ip), reply);
      const owner = await tokenOwner(app.db, request.query.token);
      return { valid: Boolean(owner && !owner.emailVerifiedAt) };
    },
  );

  app.post(
    '/api/auth/verify-email',
    { schema: { body: verifyEmailSchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      const { token, password, newPassword } = request.body;
      await enforce(app.db, authLimits.verify(request.ip), reply);
      const owner = await tokenOwner(app.db, token);
      if (!owner) {
        request.log.info({ userId: request.currentUser?.id ?? null, ip: request.ip }, 'auth: verification link invalid');
        throw new HttpError(400, VERIFY_INVALID_MESSAGE);
      }
      if (owner.emailVerifiedAt) throw new HttpError(400, VERIFY_ALREADY_MESSAGE);
      const signedIn = request.currentUser;
      if (signedIn && signedIn.id !== owner.id) throw new HttpError(409, VERIFY_OTHER_ACCOUNT_MESSAGE);
      const proof = await passwordProof(owner, Boolean(signedIn), password, newPassword);
      const user = await verifyWithToken(app.db, token, proof);
      // Another request used the token meanwhile.
      if (!user) throw new HttpError(400, VERIFY_INVALID_MESSAGE);
      // Every session of the account ended with the verification; the verifier gets a new one.
      await request.session.regenerate();
      request.session.userId = user.id;
      request.log.info({ userId: user.id, ip: request.ip, newPassword: 'newHash' in proof }, 'auth: e-mail verified');
      return toCurrentUser(user);
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { onRequest: app.requireUser, schema: { response: { 200: messageSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      if (user.emailVerifiedAt) return { message: 'Your e-mail address is already confirmed.' };
      await enforce(app.db, authLimits.resendVerification(request.ip, user.id), reply);
      const sent = await sendVerificationLink(app, request, user);
      if (!sent) throw new HttpError(502, 'The e-mail could not be sent. Please try again in a few minutes.');
      return { message: `We sent a new link to ${user.email}.` };
    },
  );
};

/**
 * Which password the account has after verification. A new password always wins. Otherwise the one
 * set before verification is kept only for someone who shows they know it: this browser's session
 * as the account (made at sign-up or login with it), or the password itself.
 */
async function passwordProof(
  owner: User,
  signedInAsOwner: boolean,
  password?: string,
  newPassword?: string,
): Promise<PasswordAtVerification> {
  if (newPassword !== undefined) {
    await refuseCommonPassword(newPassword, 'newPassword');
    return { newHash: await hashPassword(newPassword) };
  }
  if (signedInAsOwner) return { keep: true };
  if (password === undefined)
    throw new HttpError(400, VERIFY_PASSWORD_NEEDED_MESSAGE, [{ path: ['password'], message: VERIFY_PASSWORD_NEEDED_MESSAGE }]);
  if (!(await verifyPassword(password, owner.password))) {
    throw new HttpError(400, VERIFY_WRONG_PASSWORD_MESSAGE, [{ path: ['password'], message: VERIFY_WRONG_PASSWORD_MESSAGE }]);
  }
  return { keep: true };
}

export default verificationRoutes;
