import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { credentialsSchema, registerSchema } from '../../../common/schemas/auth';
import { users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { enforce, refund } from '../../services/rate-limit';
import { authLimits } from './limits';
import passwordRoutes from './password-routes';
import { findUserByEmail, linkSignupsToUser, toCurrentUser } from './users';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/user', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
    return toCurrentUser(request.currentUser);
  });

  app.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const { email, password, firstName, lastName } = request.body;
    await enforce(app.db, authLimits.register(request.ip, email), reply);
    const existing = await findUserByEmail(app.db, email);
    // An account made for a rallier by an organiser (no password yet) is claimed by registering.
    if (existing?.password) throw new HttpError(409, 'An account with this email already exists. Please log in.');
    const hash = await hashPassword(password);
    const [user] = existing
      ? await app.db.update(users).set({ password: hash, firstName: firstName || existing.firstName, lastName: lastName || existing.lastName })
          .where(eq(users.id, existing.id)).returning()
      : await app.db.insert(users).values({ email: email.trim(), password: hash, firstName: firstName || null, lastName: lastName || null }).returning();
    await linkSignupsToUser(app.db, user);
    await request.session.regenerate();
    request.session.userId = user.id;
    reply.code(201).header('Cache-Control', 'no-store');
    return toCurrentUser(user);
  });

  app.post('/api/auth/login', { schema: { body: credentialsSchema } }, async (request, reply) => {
    const { email, password } = request.body;
    const limits = authLimits.login(request.ip, email);
    await enforce(app.db, limits, reply);
    const user = await findUserByEmail(app.db, email);
    const ok = await verifyPassword(password, user?.password);
    if (!user || !ok) throw new HttpError(401, 'Invalid email or password');
    // Only failures count against the limits.
    await refund(app.db, limits.map((l) => l.key));
    await linkSignupsToUser(app.db, user);
    // A new session id at login, so a planted id is worthless.
    await request.session.regenerate();
    request.session.userId = user.id;
    reply.header('Cache-Control', 'no-store');
    return toCurrentUser(user);
  });

  app.post('/api/auth/logout', async (request) => {
    await request.session.destroy();
    return { ok: true };
  });

  await app.register(passwordRoutes);

  // The spec's external sign-in redirect, used by the admin page when signed out.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
};

export default authRoutes;
