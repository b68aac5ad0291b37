import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningServer } from '../bench/processes';
import { freshPostgres } from './support';
import { adminCookie } from '../bench/admin-session';

/** Two app instances on one PostgreSQL share sessions and rate limits. */
let db: Awaited<ReturnType<typeof freshPostgres>>;
let a: RunningServer;
let b: RunningServer;
const SECRET = 'two-instances-share-this-session-secret-0123456789';
const admin = { email: 'organiser@example.org', password: 'a long organiser password' };

beforeAll(async () => {
  db = await freshPostgres('two');
  const env = { DATABASE_URL: db.url, SESSION_SECRET: SECRET, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
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
    expect((await me(a, cookie)).status).toBe(401);
    expect((await me(b, cookie)).status).toBe(401);
  });

  it('counts login attempts across both instances', async () => {
    const attempt = (site: RunningServer) =>
      fetch(`${site.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'victim@example.org', password: 'wrong password' }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await attempt(i % 2 ? a : b));
    expect(statuses).toContain(429);
    // Once limited through one instance, the other refuses too.
    expect(await attempt(a)).toBe(429);
    expect(await attempt(b)).toBe(429);
  });
});
