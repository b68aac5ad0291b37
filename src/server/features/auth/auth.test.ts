import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { teamInput } from '../../../common/factories';
import { createTestApp, type TestApp } from '../../test/app';
import { sessionCookie, signUp } from '../../test/auth';
import { sessions, signups, users } from '../../db/schema';
import { insertTeam } from '../../test/factories';
import { only } from '../../test/rows';
import { storedSessionId } from '../../plugins/session-store';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => app.close());

let n = 0;
/** Each test its own client address, so one test's counters never reach another. */
const nextIp = () => `192.0.2.${++n}`;

const post = (url: string, payload: object, opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
  });

describe('sign-up', () => {
  it('creates an account, signs it in and never returns the password hash', async () => {
    const res = await post('/api/auth/register', {
      email: 'new.rallier@example.test',
      password: 'a long passphrase',
      firstName: 'Nia',
      lastName: 'Le Brun',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.rallier@example.test', firstName: 'Nia', isAdmin: false });
    expect(res.body).not.toContain('scrypt');
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).not.toHaveProperty('password');
    const row = only(await app.db.select().from(users).where(eq(users.email, 'new.rallier@example.test')));
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.password).not.toContain('a long passphrase');
  });

  it('refuses a password under 8 characters and accepts a very long one', async () => {
    const short = await post('/api/auth/register', { email: 'short@example.test', password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const long = await post('/api/auth/register', { email: 'long@example.test', password: 'x'.repeat(150) });
    expect(long.statusCode).toBe(201);
    const login = await post('/api/auth/login', { email: 'long@example.test', password: 'x'.repeat(150) });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a second account for the same e-mail in any letter case', async () => {
    await signUp(app, { email: 'twice@example.test' });
    const res = await post('/api/auth/register', { email: 'Twice@Example.test', password: 'another password' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it("links the team whose driver e-mail is the new account's", async () => {
    const team = await insertTeam(app.db, { driverEmail: 'Dee.Driver@example.test' });
    const { user } = await signUp(app, { email: 'dee.driver@example.test' });
    const linked = only(await app.db.select().from(signups).where(eq(signups.id, team.id)));
    expect(linked.userId).toBe(user.id);
  });
});

describe('login and sessions', () => {
  it('answers null to a signed-out caller', async () => {
    const res = await app.inject('/api/auth/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const { email } = await signUp(app);
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.test', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('gives a new session id at login and stores the session in the database under a hash of its id', async () => {
    const { email, password, cookie: before } = await signUp(app);
    const res = await post('/api/auth/login', { email, password }, { cookie: before });
    expect(res.statusCode).toBe(200);
    const after = sessionCookie(res);
    expect(after).not.toBe(before);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: before } })).json()).toBeNull();
    const signed = decodeURIComponent(after.slice(after.indexOf('=') + 1));
    const id = signed.slice(0, signed.lastIndexOf('.'));
    const rows = await app.db.select().from(sessions);
    expect(rows.some((r) => r.userId && r.sid === storedSessionId(id))).toBe(true);
    expect(rows.some((r) => r.sid === id)).toBe(false);
  });

  it('sets an httpOnly, SameSite=Lax cookie, Secure only over HTTPS', async () => {
    const plain = await post('/api/auth/register', { email: 'plain@example.test', password: 'plain passphrase 1' });
    const c1 = plain.cookies.find((c) => c.name === 'sid')!;
    expect(c1).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(c1.secure).toBeFalsy();
    const https = await post(
      '/api/auth/login',
      { email: 'plain@example.test', password: 'plain passphrase 1' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    const c2 = https.cookies.find((c) => c.name === 'sid')!;
    expect(c2).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
  });

  it('ends the session at logout: the row is deleted and the old cookie is worthless', async () => {
    const { cookie } = await signUp(app);
    const countBefore = (await app.db.select().from(sessions)).length;
    const out = await post('/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await app.db.select().from(sessions)).length).toBe(countBefore - 1);
    const replay = await app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toBeNull();
  });

  it('redirects the external sign-in path to the login screen', async () => {
    const res = await app.inject('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('carries an admin page to return to, and drops any other address', async () => {
    const back = await app.inject('/api/login?next=%2Fadmin%2Fsettings');
    expect(back.headers.location).toBe('/login?next=%2Fadmin%2Fsettings');
    for (const next of ['https://evil.example/admin', '//evil.example', '/dashboard']) {
      const res = await app.inject({ url: '/api/login', query: { next } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login');
    }
  });
});

describe('abuse', () => {
  it('refuses state-changing requests from another origin', async () => {
    const { email, password } = await signUp(app);
    const foreign = await post('/api/auth/login', { email, password }, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const crossSite = await post('/api/auth/forgot-password', { email }, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    // Without PUBLIC_URL (development) the site's origin is http://localhost:PORT.
    const own = await post('/api/auth/login', { email, password }, { headers: { origin: 'http://localhost:5000' } });
    expect(own.statusCode).toBe(200);
  });

  it('slows failed logins per account and address with 429 and Retry-After, while the owner elsewhere still logs in', async () => {
    const { email, password } = await signUp(app);
    const guesser = nextIp();
    const max = app.config.RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP;
    for (let i = 0; i < max; i++)
      expect((await post('/api/auth/login', { email, password: `wrong ${i}` }, { ip: guesser })).statusCode).toBe(401);
    const blocked = await post('/api/auth/login', { email, password }, { ip: guesser });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The real owner, from another address, is not locked out.
    expect((await post('/api/auth/login', { email, password }, { ip: nextIp() })).statusCode).toBe(200);
  });

  // Each attempt costs a password hash, so this test gets time to spare on a busy machine.
  it('limits failed logins per address, across accounts, but not successful ones', { timeout: 120_000 }, async () => {
    const ip = nextIp();
    const { email, password } = await signUp(app);
    const attempt = (e: string, p: string) => post('/api/auth/login', { email: e, password: p }, { ip });
    for (let i = 0; i < 5; i++) expect((await attempt(email, password)).statusCode).toBe(200);
    const max = app.config.RATE_LIMIT_LOGIN_PER_IP;
    for (let i = 0; i < max - 1; i++) expect((await attempt(`spray${i}@example.test`, 'guess')).statusCode).toBe(401);
    // More attempts than the limit from this address so far, but one failure fewer: still allowed.
    expect((await attempt(email, password)).statusCode).toBe(200);
    expect((await attempt('spray-last@example.test', 'guess')).statusCode).toBe(401);
    expect((await attempt(email, password)).statusCode).toBe(429);
  });

  it('lets 40 teams and their drivers register from one venue address in an hour', { timeout: 120_000 }, async () => {
    const ip = nextIp();
    for (let i = 0; i < 40; i++) {
      expect(
        (await post('/api/auth/register', { email: `venue${i}@example.test`, password: 'venue passphrase 1' }, { ip })).statusCode,
      ).toBe(201);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/signups',
            remoteAddress: ip,
            payload: teamInput({ driverEmail: `venue${i}@example.test` }),
          })
        ).statusCode,
      ).toBe(201);
    }
  });

  it('limits sign-ups per address to the configured number', async () => {
    const small = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: '3' } });
    try {
      const register = (email: string) =>
        small.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.77.0.1',
          payload: { email, password: 'plain passphrase 1' },
        });
      for (let i = 0; i < 3; i++) expect((await register(`bulk${i}@example.test`)).statusCode).toBe(201);
      expect((await register('bulk-last@example.test')).statusCode).toBe(429);
      expect((await small.db.select().from(users).where(eq(users.email, 'bulk-last@example.test'))).length).toBe(0);
    } finally {
      await small.close();
    }
  });
});
