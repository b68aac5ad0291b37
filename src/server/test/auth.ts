import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, type User } from '../db/schema';
import { issueVerificationToken } from '../features/auth/verification';
import { ensureAdmin } from '../seed/admin';
import { only } from './rows';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../plugins/session';

let counter = 0;

/** A new test user and its own client address, so the per-address limits never trip in tests. */
function nextTestUser() {
  counter += 1;
  return { n: counter, remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` };
}

/**
 * Registers a user through the API and returns it with the session cookie to send. The address is
 * verified through the real link route unless `verified: false`.
 */
export async function signUp(
  app: FastifyInstance,
  opts: { email?: string; password?: string; isAdmin?: boolean; firstName?: string; verified?: boolean } = {},
) {
  const { n, remoteAddress } = nextTestUser();
  const email = opts.email ?? `user${n}-${Date.now()}@example.test`;
  const password = opts.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { email, password, firstName: opts.firstName ?? 'Test', lastName: 'User' },
  });
  if (res.statusCode !== 201) throw new Error(`sign up failed: ${res.statusCode} ${res.body}`);
  let cookie = sessionCookie(res);
  if (opts.verified !== false) {
    const created = only(await app.db.select().from(users).where(eq(users.email, email)));
    // Verification ends every other session and gives this browser a new one.
    cookie = sessionCookie(await verifyEmail(app, created.id, cookie, remoteAddress));
  }
  if (opts.isAdmin) await app.db.update(users).set({ isAdmin: true }).where(eq(users.email, email));
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  return { user: user as User, email, password, cookie };
}

/**
 * Confirms the address with a fresh verification link, as the owner of the mailbox does from the
 * browser she signed up in (`cookie`), or elsewhere with the password she chose (`password`).
 */
export async function verifyEmail(app: FastifyInstance, userId: string, cookie?: string, remoteAddress?: string, password?: string) {
  const token = await issueVerificationToken(app.db, userId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress,
    headers: cookie ? { cookie } : {},
    payload: { token, ...(password ? { password } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * An organiser account made as production makes one (`ensureAdmin`, from ADMIN_EMAIL or
 * `npm run create-admin`), then signed in through the API. No registration, so no mail is sent.
 */
export async function signUpAdmin(app: FastifyInstance) {
  const { n, remoteAddress } = nextTestUser();
  const email = `admin${n}-${Date.now()}@example.test`;
  const password = 'correct horse battery';
  await ensureAdmin({ db: app.db, mailer: app.mailer, config: app.config }, email, password);
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`admin sign in failed: ${res.statusCode} ${res.body}`);
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  return { user: user as User, email, password, cookie: sessionCookie(res) };
}

/** The `cookie` header value to send for the session set by this response (`__Host-sid` on an https site). */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE || x.name === SECURE_SESSION_COOKIE);
  if (!c) throw new Error('no session cookie in the response');
  return `${c.name}=${c.value}`;
}
