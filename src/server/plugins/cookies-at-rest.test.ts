import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { sessionCookie, signUp } from '../test/auth';
import { sessions } from '../db/schema';
import { DbSessionStore, storedSessionId } from './session-store';
import { SESSION_TTL_MS } from './session';
import { only } from '../test/rows';

const PUBLIC_URL = 'https://rally.example.org';
let app: TestApp;
beforeAll(async () => {
  // TRUST_PROXY set, so a forwarded scheme of plain http is believed: the cookie must stay Secure.
  app = await createTestApp({ env: { PUBLIC_URL, TRUST_PROXY: '1' } });
});
afterAll(() => app.close());

let n = 0;
const nextIp = () => `198.51.100.${++n}`;
const register = (headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    headers,
    payload: { email: `cookie${++n}-${Date.now()}@example.test`, password: 'a long cookie passphrase' },
  });
/** The session id inside a signed cookie value (`<id>.<signature>`). */
const idOf = (cookieHeader: string) => {
  const signed = decodeURIComponent(cookieHeader.slice(cookieHeader.indexOf('=') + 1));
  return signed.slice(0, signed.lastIndexOf('.'));
};

describe('the session cookie on an https site', () => {
  it('is __Host-sid and Secure whatever the proxy headers say, and the session still works', async () => {
    const proxyHeaders: Record<string, string>[] = [{}, { 'x-forwarded-proto': 'http' }, { 'x-forwarded-proto': 'https' }];
    for (const headers of proxyHeaders) {
      const res = await register(headers);
      expect(res.statusCode).toBe(201);
      const cookie = only(res.cookies);
      expect(cookie).toMatchObject({ name: '__Host-sid', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.domain).toBeUndefined();
      // The session was stored although the request looked like plain http.
      const me = await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(res) } });
      expect(me.json()).toMatchObject({ emailVerified: false });
      // Rolled on, it stays Secure.
      expect(only(me.cookies)).toMatchObject({ name: '__Host-sid', secure: true });
    }
  });
});

describe('sessions at rest', () => {
  it('stores each session under a hash of its id, never the id itself', async () => {
    const { cookie, user } = await signUp(app);
    const id = idOf(cookie);
    const row = only((await app.db.select().from(sessions)).filter((r) => r.userId === user.id));
    expect(row.sid).toBe(storedSessionId(id));
    expect(row.sid).not.toContain(id);
  });

  it('keeps the sessions stored before the change: migration 0023 hashes their ids in place', async () => {
    const own = await createTestApp();
    try {
      const store = new DbSessionStore(own.db, SESSION_TTL_MS);
      const oldId = 'a-session-id-stored-before-hashing';
      await own.db.insert(sessions).values({ sid: oldId, sess: { cookie: {}, marker: 'kept' }, expire: new Date(Date.now() + 60_000) });
      const migration = readFileSync(path.join(import.meta.dirname, '../db/migrations/0023_hashed_session_ids.sql'), 'utf8');
      await own.db.execute(sql.raw(migration));
      const found = await new Promise((resolve, reject) => store.get(oldId, (err, s) => (err ? reject(err) : resolve(s))));
      expect(found).toMatchObject({ marker: 'kept' });
    } finally {
      await own.close();
    }
  });
});

describe('the cross-origin check', () => {
  it('compares Origin with PUBLIC_URL, never with the Host the caller sent', async () => {
    const forged = await register({ origin: 'https://evil.example', host: 'evil.example', 'x-forwarded-proto': 'https' });
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies).toEqual([]);
    const own = await register({ origin: PUBLIC_URL, host: 'app-internal:5000' });
    expect(own.statusCode).toBe(201);
  });

  it('without PUBLIC_URL accepts only the loopback origins of the server and the dev server', async () => {
    const dev = await createTestApp();
    try {
      const post = (headers: Record<string, string>) =>
        dev.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: nextIp(),
          headers,
          payload: { email: 'a@example.test' },
        });
      expect((await post({ origin: 'http://evil.example', host: 'evil.example' })).statusCode).toBe(403);
      expect((await post({ origin: 'http://localhost:5000' })).statusCode).toBe(200);
      expect((await post({ origin: 'http://127.0.0.1:5173' })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
