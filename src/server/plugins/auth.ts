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

/** Every path under here is for organisers only, whatever its own route options say. */
const ADMIN_API_PREFIX = '/api/admin/';

/**
 * Loads the user on every request, so removing the admin flag or deleting an account takes effect
 * at once. Routes opt in with `preHandler: app.requireUser` or `app.requireAdmin`. The user is
 * loaded before the body is parsed, so a signed-out or non-admin caller of an admin route gets
 * 401/403 and never learns what input the route expects.
 */
export default fp(
  async (app) => {
    app.decorateRequest('currentUser', null);
    app.addHook('onRequest', async (request) => {
      const userId = request.session?.userId;
      if (userId) {
        const [user] = await app.db.select().from(users).where(eq(users.id, userId));
        request.currentUser = user ?? null;
      }
      // The matched route's pattern, so a percent-encoded path cannot slip past the prefix check.
      const path = request.routeOptions.url ?? request.url;
      if (path.startsWith(ADMIN_API_PREFIX)) assertAdmin(request);
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => assertAdmin(request));
  },
  { name: 'auth', dependencies: ['session'] },
);

function assertAdmin(request: FastifyRequest) {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
  if (!request.currentUser.isAdmin) throw new HttpError(403, 'Forbidden');
}

/** The user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): User {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
  return request.currentUser;
}
