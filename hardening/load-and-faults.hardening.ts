import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { startSite, type RunningServer } from '../bench/processes';
import { freshPostgres } from './support';

/**
 * The built site on PostgreSQL with the demo data: 200 connections of mixed public traffic, then
 * every app connection killed under load. The process must survive, /health must say 503 while
 * the database refuses connections, and service must come back by itself.
 */
let db: Awaited<ReturnType<typeof freshPostgres>>;
let site: RunningServer;

beforeAll(async () => {
  db = await freshPostgres('load');
  site = await startSite({ DATABASE_URL: db.url, DATA_DIR: db.dataDir, SEED_DEMO: '1' }, 5601);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await db?.drop();
});

const publicPaths = ['/api/leaderboard', '/api/signups', '/api/participants', '/api/participants/2018', '/', '/teams', '/health'];

describe('load and faults on PostgreSQL', () => {
  it('serves 200 concurrent connections of public traffic for 30 s without an error', async () => {
    const result = await autocannon({
      url: site.url,
      connections: 200,
      duration: Number(process.env.LOAD_SECONDS ?? 30),
      requests: publicPaths.map((path) => ({ method: 'GET', path })),
    });
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBeGreaterThan(1000);
  }, 120_000);

  it('survives every connection being killed, reports 503 while the database is away, and recovers', async () => {
    // The load is under way (answers are coming back) before the database goes away.
    let answered = 0;
    const load = new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon({ url: `${site.url}/api/leaderboard`, connections: 20, duration: 8 }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
      run.on('response', () => (answered += 1));
    });
    await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(0);
    await db.admin(`alter database ${db.name} allow_connections false`);
    await db.admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [db.name]);
    // The site notices the outage at its next query: /health turns 503 (it would stay 200 if it never did).
    await expect.poll(async () => (await fetch(`${site.url}/health`)).status, { timeout: 10_000 }).toBe(503);
    expect(site.child.exitCode).toBeNull();

    await db.admin(`alter database ${db.name} allow_connections true`);
    // Service comes back by itself: the page answers and /health says so.
    const status = (path: string) =>
      fetch(`${site.url}${path}`).then(
        (r) => r.status,
        () => 0,
      );
    await expect.poll(async () => [await status('/api/leaderboard'), await status('/health')], { timeout: 10_000 }).toEqual([200, 200]);
    // The load ran right through the outage: every answer was a success or a 503, never an error
    // of the site's own, and the process stayed up.
    const { statusCodeStats } = await load;
    const codes = Object.keys(statusCodeStats ?? {}).map(Number);
    expect(codes).toContain(200);
    expect(codes.filter((c) => c !== 200 && c !== 503)).toEqual([]);
    expect(site.child.exitCode).toBeNull();
  }, 60_000);
});
