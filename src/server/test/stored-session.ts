import { sign } from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { sessions } from '../db/schema';
import { SESSION_TTL_MS, sessionCookieName } from '../plugins/session';
import { storedSessionId } from '../plugins/session-store';

/**
 * A new session of this account written straight into a site's database, as a login leaves it
 * behind: the id made and signed the way @fastify/session does it, stored under its hash. For the
 * journeys and the benchmarks that sign in only to get somewhere (never for testing signing in).
 * Returns the cookie as a browser holds it.
 */
export async function storeSession(
  // The site's own Db or a bare connection's (a journey's): only its sessions table is written.
  db: PgDatabase<any, any>,
  userId: string,
  sessionSecret: string,
): Promise<{ name: string; value: string; expire: Date }> {
  const id = randomBytes(24).toString('base64url');
  const expire = new Date(Date.now() + SESSION_TTL_MS);
  const cookie = { originalMaxAge: SESSION_TTL_MS, expires: expire.toISOString(), httpOnly: true, sameSite: 'lax', path: '/' };
  await db.insert(sessions).values({ sid: storedSessionId(id), sess: { cookie, userId }, expire, userId });
  // What @fastify/cookie writes in Set-Cookie: the signed id, URI-encoded.
  return { name: sessionCookieName(undefined), value: encodeURIComponent(sign(id, sessionSecret)), expire };
}
