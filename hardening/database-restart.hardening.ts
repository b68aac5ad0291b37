import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSite, type RunningServer } from '../bench/processes';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { freshPostgres } from './support';

/**
 * The site on a PostgreSQL server of its own (a throwaway cluster made with the embedded binaries,
 * so stopping it touches nobody else's database), which is stopped and started again under it.
 */
const clusterDir = mkdtempSync(path.join(tmpdir(), 'rally-restart-pg-'));
let db: EmbeddedPostgres;
let site: RunningServer;

beforeAll(async () => {
  db = await startEmbeddedPostgres({ clusterDir });
  site = await startSite({ DATABASE_URL: db.url(), DATA_DIR: path.join(clusterDir, 'site') }, 5641);
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await db?.stop();
});

const get = (p: string) => fetch(`${site.url}${p}`).then(async (r) => ({ status: r.status, body: await r.text() }));
/** A request that always reaches the database (login attempts are counted there). */
const login = () =>
  fetch(`${site.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password' }),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

describe('a PostgreSQL restart under the site', () => {
  it('answers 503 while the database is away, never crashes, and recovers by itself', async () => {
    expect((await login()).status).toBe(401);
    await db.stop();
    // Requests that need the database get 503 with a message (the public cache may still answer some).
    const during = await login();
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body).message).toMatch(/briefly unavailable/);
    expect((await get('/health')).status).toBe(503);
    expect((await get('/health/ready')).status).toBe(503);

    db = await startEmbeddedPostgres({ clusterDir });
    await expect.poll(async () => (await get('/health/ready')).status, { timeout: 30_000, interval: 500 }).toBe(200);
    expect((await login()).status).toBe(401);
    expect((await get('/api/leaderboard')).status).toBe(200);
  }, 120_000);
});

describe('two instances started together on a fresh database', () => {
  it('both start, and the demo data and the organiser are made once', async () => {
    const fresh = await freshPostgres('together');
    const env = {
      DATABASE_URL: fresh.url,
      SEED_DEMO: '1',
      ADMIN_EMAIL: 'organiser@example.org',
      ADMIN_PASSWORD: 'a long organiser password',
    };
    const [a, b] = await Promise.all([
      startSite({ ...env, DATA_DIR: fresh.dataDir + '-a' }, 5642),
      startSite({ ...env, DATA_DIR: fresh.dataDir + '-b' }, 5643),
    ]);
    try {
      for (const s of [a, b]) expect((await fetch(`${s.url}/health/ready`)).status).toBe(200);
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      const { rows } = await c.query(
        `select (select count(*)::int from users where email = 'organiser@example.org') as organisers,
                (select count(*)::int from users where email = 'admin@demo.jerseycharityrally.org') as demo_admins,
                (select count(*)::int from signups) as teams`,
      );
      await c.end();
      expect(rows[0].organisers).toBe(1);
      expect(rows[0].demo_admins).toBe(1);
      // The demo data's teams, once: a second load would double them.
      const c2 = new pg.Client({ connectionString: fresh.url });
      await c2.connect();
      const names = await c2.query(`select team_name, count(*)::int as n from signups group by team_name having count(*) > 1`);
      await c2.end();
      expect(names.rows).toEqual([]);
      expect(rows[0].teams).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await fresh.drop();
    }
  }, 180_000);
});
