import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
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

/** Paths under here are for organisers only; each of their routes must carry the admin guard. */
const ADMIN_API_PREFIX = '/api/admin/';

const requireUser = async (request: FastifyRequest) => {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
};
const requireAdmin = async (request: FastifyRequest) => assertAdmin(request);

/**
 * Loads the user on every request of the session scope, so removing the admin flag or deleting an
 * account takes effect at once. Organiser routes are guarded one way: `onRequest: app.requireAdmin`,
 * which runs before the body is parsed, so a signed-out or non-admin caller gets 401/403 and never
 * learns what input the route expects. A route under /api/admin/ without that guard stops the app
 * at start (assertGuarded). Rallier routes use `preHandler: app.requireUser`.
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
    });
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
  },
  { name: 'auth', dependencies: ['session'], decorators: { fastify: ['db'] } },
);

/** An onRoute hook for the whole app (public scope too): a route under /api/admin/ without its guard stops the start. */
export function assertGuarded(route: RouteOptions): void {
  if (route.url.startsWith(ADMIN_API_PREFIX) && ![route.onRequest ?? []].flat().includes(requireAdmin)) {
    throw new Error(`${route.url} is under ${ADMIN_API_PREFIX} but has no onRequest: app.requireAdmin`);
  }
}

function assertAdmin(request: FastifyRequest) {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
  if (!request.currentUser.isAdmin) throw new HttpError(403, 'Forbidden');
}

/** The user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): User {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
  return request.currentUser;
}
