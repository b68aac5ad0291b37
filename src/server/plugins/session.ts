import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DbSessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on a public GET that never reads the session or the user (see NO_SESSION). */
    session?: boolean;
  }
  interface Session {
    userId?: string;
    /** Teams registered from this browser while signed out, so it may attach their car photo. */
    createdSignupIds?: number[];
    /**
     * Upload URLs handed out and not yet attached: object id, expiry (ms) and the account's or
     * team's upload counter it was counted on; capped per session.
     */
    pendingUploads?: { objectId: string; expires: number; limitKey?: string }[];
    /** What this session's total of upload URLs is counted by (see MAX_UPLOADS_PER_SESSION). */
    uploadQuotaKey?: string;
  }
}

export const SESSION_COOKIE = 'sid';
/** The cookie's name on an https site: the browser then keeps it only if Secure, for this host and path / alone. */
export const SECURE_SESSION_COOKIE = '__Host-sid';

/** True when the site's public address is https: the session cookie is then always Secure. */
export const isHttpsSite = (publicUrl: string | undefined) => publicUrl?.startsWith('https://') ?? false;
export const sessionCookieName = (publicUrl: string | undefined) => (isHttpsSite(publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/** The one session lifetime: the cookie's Max-Age and the stored row's expiry. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Route config of a public GET whose answer is the same for everyone (the cached public lists, the
 * app's HTML, its files): its requests neither read the session row nor save it back, so no user
 * is loaded either (request.session stays null, request.currentUser null). A signed-in visitor's
 * cookie is still rolled on by the app's own requests (GET /api/auth/user on every page load).
 */
export const NO_SESSION = { session: false } as const;

/** A plugin registering routes (@fastify/static's files) in a scope of their own, all with NO_SESSION. */
export function withoutSession(register: (scope: FastifyInstance) => PromiseLike<unknown>) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, ...NO_SESSION };
    });
    await register(scope);
  };
}

/** GET and HEAD of a NO_SESSION route, and of paths no route serves (the not-found handler reads no session). */
export function skipsSession(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return request.is404 || request.routeOptions.config.session === false;
}

type SessionHook = (this: unknown, request: FastifyRequest, reply: FastifyReply, ...rest: unknown[]) => unknown;

/**
 * @fastify/session loads the session in an onRequest hook (a store read for any cookie) and saves
 * it in an onSend hook (a store write on every answer, as sessions roll) for every route. While it
 * registers, its hooks are wrapped so requests that skip the session pass them by.
 */
async function registerSkippable(app: FastifyInstance, register: () => PromiseLike<unknown>) {
  const addHook = app.addHook;
  const wrapped = (name: string, hook: SessionHook) => {
    if (name !== 'onRequest' && name !== 'onSend') return addHook.call(app, name as 'onRequest', hook as never);
    const skippable: SessionHook = function (request, reply, ...rest) {
      if (!skipsSession(request)) return hook.call(this, request, reply, ...rest);
      (rest.at(-1) as () => void)(); // done: the session hooks are callback-style
    };
    return addHook.call(app, name as 'onRequest', skippable as never);
  };
  app.addHook = wrapped as unknown as typeof app.addHook;
  try {
    await register();
  } finally {
    app.addHook = addHook;
  }
}

/**
 * httpOnly, SameSite=Lax cookie. On an https site (PUBLIC_URL) it is `__Host-sid` and always
 * Secure, whatever the request's scheme looked like: a proxy that does not say it spoke https (or
 * a TRUST_PROXY left unset) must not make the cookie travel over plain http. Elsewhere (development)
 * it is `sid`, Secure when the request came over https.
 */
export default fp(
  async (app, opts: { secret: string; publicUrl?: string }) => {
    const https = isHttpsSite(opts.publicUrl);
    const cookieName = sessionCookieName(opts.publicUrl);
    await app.register(cookie);
    await registerSkippable(app, () =>
      app.register(session, {
        secret: opts.secret,
        cookieName,
        saveUninitialized: false,
        store: new DbSessionStore(app.db, SESSION_TTL_MS),
        // On an https site the library is told `false` and the cookie is marked Secure below:
        // @fastify/session neither saves nor sends a session whose cookie says `secure: true` on a
        // request it sees as plain http.
        cookie: { httpOnly: true, sameSite: 'lax', secure: https ? false : 'auto', path: '/', maxAge: SESSION_TTL_MS },
      }),
    );
    if (https) app.addHook('onSend', async (_request, reply) => markSecure(reply, cookieName));
  },
  { name: 'session', decorators: { fastify: ['db'] } },
);

function markSecure(reply: FastifyReply, cookieName: string) {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return;
  const secure = (c: string) => (c.startsWith(`${cookieName}=`) && !/;\s*secure(;|$)/i.test(c) ? `${c}; Secure` : c);
  // Fastify appends to an existing Set-Cookie header, so the old one goes first.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', Array.isArray(header) ? header.map(String).map(secure) : secure(String(header)));
}
