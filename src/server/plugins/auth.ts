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

/** Paths under these prefixes are for organisers and for ralliers (their own records); each route there must carry its guard. */
const GUARDED_PREFIXES = [
  { prefix: '/api/admin/', guard: requireAdmin, name: 'app.requireAdmin' },
  { prefix: '/api/my-', guard: requireUser, name: 'app.requireUser' },
];
const GUARDS: unknown[] = [requireUser, requireAdmin];
const LATER_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

/**
 * Loads the user on every request of the session scope (app.ts), so removing the admin flag or deleting an
 * account takes effect at once. Routes are guarded one way: `onRequest: app.requireAdmin` for
 * organisers, `onRequest: app.requireUser` for ralliers (a driver-only action then checks the
 * caller's role with dashboard's assertDriver). onRequest runs before the body is parsed, so a
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

/** The guards and their start-up check, on the whole app (both scopes of app.ts), before any route. */
export const guardsPlugin = fp(
  async (app) => {
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
    app.addHook('onRoute', assertGuarded);
  },
  { name: 'guards' },
);

/**
 * A route under /api/admin/ or /api/my- without its guard, or a guard given in a later hook than
 * onRequest, stops the app at start.
 */
function assertGuarded(route: RouteOptions): void {
  const onRequest: unknown[] = [route.onRequest ?? []].flat();
  for (const { prefix, guard, name } of GUARDED_PREFIXES) {
    if (route.url.startsWith(prefix) && !onRequest.includes(guard))
      throw new Error(`${route.url} is under ${prefix} but has no onRequest: ${name}`);
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
