import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import { DbSessionStore } from './session-store';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Teams registered from this browser while signed out, so it may attach their car photo. */
    createdSignupIds?: number[];
    /**
     * Upload URLs handed out and not yet attached: object id, expiry (ms) and the account's or
     * team's upload counter it was counted on; capped per session.
     */
    pendingUploads?: { objectId: string; expires: number; limitKey?: string }[];
  }
}

export const SESSION_COOKIE = 'sid';
/** The one session lifetime: the cookie's Max-Age and the stored row's expiry. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** httpOnly, SameSite=Lax cookie; Secure whenever the request came over HTTPS. */
export default fp(
  async (app, opts: { secret: string }) => {
    await app.register(cookie);
    await app.register(session, {
      secret: opts.secret,
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      store: new DbSessionStore(app.db, SESSION_TTL_MS),
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: SESSION_TTL_MS },
    });
  },
  { name: 'session', decorators: { fastify: ['db'] } },
);
