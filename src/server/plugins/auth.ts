import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { users, type User } from '../db/schema';
import { HttpError } from '../errors';

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

const requireUser = async (request: FastifyRequest) => {
  if (!request.currentUser) throw new HttpError(401, 'Unauthorized');
};
const requireAdmin = async (request: FastifyRequest) => assertAdmin(request);

/**
 * Everything under these prefixes is for organisers or for ralliers (their own records): the prefix
 * guards each route there, so a route added later cannot be left open. Decided on the registered
 * path (not the request's), so a percent-encoded address meets the same guard.
 */
const GUARDED_PREFIXES = [
  { prefix: '/api/admin/', guard: requireAdmin },
  { prefix: '/api/my-', guard: requireUser },
];
const GUARDS: unknown[] = [requireUser, requireAdmin];
const LATER_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

/**
 * Loads the user on every request of the session scope (app.ts), so removing the admin flag or deleting an
 * account takes effect at once. Routes under /api/admin/ and /api/my- are guarded by their prefix
 * (guardsPlugin); any other route that needs a signed-in person or an organiser says so itself with
 * `onRequest: app.requireUser` or `onRequest: app.requireAdmin` (a driver-only action then checks
 * the caller's role with dashboard's assertDriver). onRequest runs before the body is parsed, so a
 * signed-out or non-admin caller gets 401/403 and never learns what input the route expects.
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
  },
  { name: 'auth', dependencies: ['session'], decorators: { fastify: ['db'] } },
);

/** The guards, and the prefixes' guard on every route, on the whole app (both scopes of app.ts), before any route. */
export const guardsPlugin = fp(
  async (app) => {
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
    app.addHook('onRoute', guardByPrefix);
  },
  { name: 'guards' },
);

/**
 * Puts the prefix's guard first in the onRequest hooks of every route under a guarded prefix. A
 * route there that names a guard itself, or any route giving a guard in a later hook than
 * onRequest, stops the app at start: each route is guarded one way, before its body is read.
 */
function guardByPrefix(route: RouteOptions): void {
  const onRequest = [route.onRequest ?? []].flat();
  const guarded = GUARDED_PREFIXES.find(({ prefix }) => route.url.startsWith(prefix));
  if (guarded) {
    if (onRequest.some((h) => GUARDS.includes(h)))
      throw new Error(`${route.url} is guarded by its prefix ${guarded.prefix}: remove its own onRequest guard`);
    route.onRequest = [guarded.guard, ...onRequest];
  }
  for (const hook of LATER_HOOKS) {
    const hooks: unknown[] = [route[hook] ?? []].flat();
    if (hooks.some((h) => GUARDS.includes(h))) throw new Error(`${route.url} has its guard in ${hook}: guards go in onRequest`);
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
