import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { FastifyReply } from 'fastify';
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
    /** An address whose mailbox this browser proved (services/mailbox-proof.ts), and until when (ms). */
    provenMailbox?: { email: string; until: number };
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
 * Loads the session in an onRequest hook (a store read for any cookie) and saves it in an onSend
 * hook (a store write on every answer, as sessions roll), for the routes of the scope it is
 * registered in: buildApp registers it in the session scope only (app.ts).
 *
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
    await app.register(session, {
      secret: opts.secret,
      cookieName,
      saveUninitialized: false,
      store: new DbSessionStore(app.db, SESSION_TTL_MS),
      // On an https site the library is told `false` and the cookie is marked Secure below:
      // @fastify/session neither saves nor sends a session whose cookie says `secure: true` on a
      // request it sees as plain http.
      cookie: { httpOnly: true, sameSite: 'lax', secure: https ? false : 'auto', path: '/', maxAge: SESSION_TTL_MS },
    });
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
