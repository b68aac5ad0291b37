import { loadConfig } from '../src/server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningServer } from '../bench/processes';
import { freshPostgres } from './support';
import { adminCookie } from '../bench/admin-session';
import { authLimits } from '../src/server/features/auth/limits';

/** Two app instances on one PostgreSQL share sessions and rate limits. */
let db: Awaited<ReturnType<typeof freshPostgres>>;
let a: RunningServer;
let b: RunningServer;
const SECRET = 'two-instances-share-this-session-secret-0123456789';
const admin = { email: 'organiser@example.org', password: 'a long organiser password' };

beforeAll(async () => {
  db = await freshPostgres('two');
  const env = {
    DATABASE_URL: db.url,
    SESSION_SECRET: SECRET,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 14).toString('base64'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  a = await startSite({ ...env, DATA_DIR: db.dataDir + '-a' }, 5611);
  b = await startSite({ ...env, DATA_DIR: db.dataDir + '-b' }, 5612);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const me = (site: RunningServer, cookie: string) => fetch(`${site.url}/api/auth/user`, { headers: { cookie } });

describe('two instances on one database', () => {
  it('a login on one works on the other, and a logout on one ends the session on both', async () => {
    const cookie = await adminCookie(a.url, admin);
    expect((await me(b, cookie)).status).toBe(200);
    const out = await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await (await me(a, cookie)).json()).toBeNull();
    expect(await (await me(b, cookie)).json()).toBeNull();
  });

  it('counts login attempts across both instances', async () => {
    const victim = 'victim@example.org';
    // The tightest limit on failed logins for one account; each instance alone stays under it.
    const max = Math.min(...authLimits.login(loadConfig({}), '127.0.0.1', victim).map((l) => l.max));
    const perInstance = Math.floor(max / 2) + 1;
    expect(perInstance).toBeLessThanOrEqual(max);
    const attempt = (site: RunningServer) =>
      fetch(`${site.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim, password: 'wrong password' }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 2 * perInstance; i++) statuses.push(await attempt(i % 2 ? a : b));
    // Only a counter shared by both instances reaches the limit: each saw perInstance <= max attempts.
    const total = 2 * perInstance;
    expect(statuses).toEqual([...Array(max).fill(401), ...Array(total - max).fill(429)]);
  });
});
