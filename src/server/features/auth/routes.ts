import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentialsSchema, currentUserSchema, registerSchema } from '../../../common/schemas/auth';
import { okSchema } from '../../../common/schemas/answers';
import { users } from '../../db/schema';
import { HttpError } from '../../errors';
import { hashPassword, needsRehash, verifyPassword } from '../../services/passwords';
import { refuseCommonPassword } from '../../services/common-passwords';
import { eq } from 'drizzle-orm';
import { enforce, refund } from '../../services/rate-limit';
import { siteLink } from '../../services/site-links';
import { authLimits } from './limits';
import passwordRoutes from './password-routes';
import { toCurrentUser } from './users';
import { findUserByEmail, linkTeamsToUser } from '../../services/accounts';
import { hasProvenMailbox, verifyByProvenMailbox } from '../../services/mailbox-proof';
import { addPasswordToken, RESET_TOKEN_TTL_MS } from '../../services/password-tokens';
import { issueVerificationToken } from './verification';
import { registrationAttemptEmail } from './verification-emails';
import verificationRoutes, { verificationMessage } from './verification-routes';
import { startAuthPurge } from './session-purge';
import { theRow } from '../../db/rows';
import { loginPathReturningTo } from '../../../common/return-path';
import { z } from 'zod';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startAuthPurge);
  // Signed out is an ordinary answer (null), not an error: a visitor's browser logs no failure.
  app.get('/api/auth/user', { schema: { response: { 200: currentUserSchema.nullable() } } }, async (request) => {
    if (!request.currentUser) return null;
    return toCurrentUser(request.currentUser);
  });

  app.post('/api/auth/register', { schema: { body: registerSchema, response: { 201: currentUserSchema } } }, async (request, reply) => {
    const { email, password, firstName, lastName } = request.body;
    await enforce(app.db, authLimits.register(app.config, request.ip, email), reply);
    await refuseCommonPassword(password, 'password');
    // Hashed whether or not the address is taken, and no e-mail is awaited, so the time taken does
    // not single out addresses that have an account (the 409 below is the spec's own message).
    const hash = await hashPassword(password);
    const existing = await findUserByEmail(app.db, email);
    if (existing) {
      // Never changes an existing account (with or without a password): its owner hears of the
      // attempt, with a link to choose a password. The link is added beside any the owner already
      // has, so a stranger registering the address never revokes the owner's own reset link.
      const { raw: token } = await addPasswordToken(app.db, existing.id, RESET_TOKEN_TTL_MS);
      const attempt = registrationAttemptEmail(existing.email, existing.firstName, siteLink(app.config, '/reset-password', { token }));
      app.background.run(request.log, 'registration attempt e-mail failed', async () => void (await app.mailer.send(attempt)));
      throw new HttpError(409, 'An account with this email already exists. Please log in.');
    }
    // Verified at once when this browser has just proved the mailbox (accepted a team invitation
    // e-mailed to it); otherwise unverified until the owner follows the link: it may sign in, but reaches no team.
    const proven = hasProvenMailbox(request, email);
    const user = theRow(
      await app.db
        .insert(users)
        .values({
          email: email.trim(),
          password: hash,
          firstName: firstName || null,
          lastName: lastName || null,
          emailVerifiedAt: proven ? new Date() : null,
        })
        .returning(),
      'the new user',
    );
    if (proven) {
      await linkTeamsToUser(app.db, user);
    } else {
      const token = await issueVerificationToken(app.db, user.id);
      const confirm = verificationMessage(app, user, token);
      app.background.run(request.log, 'verification e-mail failed', async () => void (await app.mailer.send(confirm)));
    }
    await request.session.regenerate();
    request.session.userId = user.id;
    request.log.info({ userId: user.id, ip: request.ip }, proven ? 'auth: registered (address proven)' : 'auth: registered (unverified)');
    reply.code(201);
    return toCurrentUser(user);
  });

  app.post('/api/auth/login', { schema: { body: credentialsSchema, response: { 200: currentUserSchema } } }, async (request, reply) => {
    const { email, password } = request.body;
    const limits = authLimits.login(app.config, request.ip, email);
    await enforce(app.db, limits, reply);
    const user = await findUserByEmail(app.db, email);
    const ok = await verifyPassword(password, user?.password);
    if (user?.password && ok && needsRehash(user.password)) {
      // Hashes made with older, weaker parameters are upgraded while the password is at hand.
      await app.db
        .update(users)
        .set({ password: await hashPassword(password) })
        .where(eq(users.id, user.id));
    }
    if (!user || !ok) {
      request.log.info({ userId: user?.id ?? null, ip: request.ip }, 'auth: login failed');
      throw new HttpError(401, 'Invalid email or password');
    }
    // The password and this browser's proof of the mailbox together are a first verification.
    const proven = !user.emailVerifiedAt && hasProvenMailbox(request, user.email) && (await verifyByProvenMailbox(app.db, user.id));
    // Only failures count against the limits.
    await refund(
      app.db,
      limits.map((l) => l.key),
    );
    // A new session id at login, so a planted id is worthless.
    await request.session.regenerate();
    request.session.userId = user.id;
    request.log.info({ userId: user.id, ip: request.ip }, 'auth: login');
    return toCurrentUser(proven || user);
  });

  app.post('/api/auth/logout', { schema: { response: { 200: okSchema } } }, async (request) => {
    request.log.info({ userId: request.session.userId ?? null, ip: request.ip }, 'auth: logout');
    await request.session.destroy();
    return { ok: true };
  });

  await app.register(passwordRoutes);
  await app.register(verificationRoutes);

  // The spec's external sign-in redirect, used by the admin pages when signed out: `next` (an admin
  // page, else ignored) is where the login screen returns the organiser to.
  app.get('/api/auth/login-page', { schema: { querystring: z.object({ next: z.string().optional() }) } }, async (request, reply) =>
    reply.redirect(loginPathReturningTo(request.query.next)),
  );
};

export default authRoutes;
