import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users, type User } from '../db/schema';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded fresh from the database for this request (or null). */
    currentUser: User | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Loads the user on every request, so removing the admin flag or deleting an account takes effect
 * at once. Routes opt in with `preHandler: app.requireUser` or `app.requireAdmin`.
 */
export default fp(
  async (app) => {
    app.decorateRequest('currentUser', null);
    app.addHook('preHandler', async (request) => {
      const userId = request.session?.userId;
      if (!userId) return;
      const [user] = await app.db.select().from(users).where(eq(users.id, userId));
      request.currentUser = user ?? null;
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
      if (!request.currentUser.isAdmin) throw new HttpError(403, 'Forbidden');
    });
  },
  { name: 'auth', dependencies: ['session'] },
);

/** The user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): User {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
  return request.currentUser;
}
