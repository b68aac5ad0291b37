import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openPostgres } from '../src/server/db/client';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { donations, signups } from '../src/server/db/schema';
import { startSite, type RunningServer } from '../bench/processes';
import { adminCookie } from '../bench/admin-session';
import { waitUntil } from './support';

/**
 * The database going away abruptly under writes: the embedded PostgreSQL killed with SIGKILL (the
 * site starts it again by itself), and an external PostgreSQL stopped `-m immediate` (SIGQUIT to its
 * postmaster, what `pg_ctl stop -m immediate` sends) and started again by its operator. The site must
 * stay up, answer 503 with Retry-After meanwhile, then 200 again without a restart, and keep every
 * write it acknowledged.
 */
const admin = { email: 'organiser@example.org', password: 'a long organiser password' };

async function withDatabase<T>(url: string, fn: (db: ReturnType<typeof openPostgres>['db']) => Promise<T>) {
  const database = openPostgres(url);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const postmasterOf = (clusterDir: string) => Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Eight writers posting donations until stopped; what each answer was. */
function writeDonations(site: RunningServer, cookie: string, signupId: number) {
  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let retryAfterOn503 = true;
  let stopped = false;
  const writer = async (w: number) => {
    for (let n = 0; !stopped; n++) {
      const donorName = `Writer ${w} no ${n}`;
      const res = await fetch(`${site.url}/api/donations`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ signupId, amount: 500, paymentMethod: 'cheque', donorName, idempotencyKey: randomUUID() }),
      }).catch(() => null);
      // No answer at all (the site ended): recorded as 0, which the checks below refuse.
      if (!res) {
        statuses.push(0);
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      statuses.push(res.status);
      if (res.status === 503 && !res.headers.get('retry-after')) retryAfterOn503 = false;
      await res.arrayBuffer();
      if (res.status >= 200 && res.status < 300) acknowledged.push(donorName);
      // A 503 says to come back later: a real client would not hammer the site meanwhile.
      if (res.status === 503) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
  return {
    acknowledged,
    statuses,
    retryAfterOn503: () => retryAfterOn503,
    stop: async () => {
      stopped = true;
      await writers;
    },
  };
}

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

/** The fault and recovery under load, and what every test checks after it. */
async function faultUnderWrites(site: RunningServer, databaseUrl: string, fault: () => Promise<void>, recover: () => Promise<void>) {
  const cookie = await adminCookie(site.url, admin);
  const [team] = await withDatabase(databaseUrl, (db) => db.select({ id: signups.id }).from(signups).limit(1));
  const load = writeDonations(site, cookie, team!.id);
  try {
    expect(await waitUntil(() => load.acknowledged.length >= 100, 60_000)).toBe(true);
    await fault();
    // The writes in flight and those after fail with 503 while the database is away.
    expect(await waitUntil(() => load.statuses.includes(503), 30_000)).toBe(true);
    expect(await status(`${site.url}/health/ready`)).toBe(503);
    await recover();
    // Ready again without a restart, and writes are acknowledged again.
    expect(await waitUntil(async () => (await status(`${site.url}/health/ready`)) === 200, 90_000, 250)).toBe(true);
    const before = load.acknowledged.length;
    expect(await waitUntil(() => load.acknowledged.length >= before + 50, 60_000)).toBe(true);
  } finally {
    await load.stop();
  }
  expect(site.child.exitCode).toBeNull();
  // Every answer was a success or a 503 with Retry-After, never an error of the site's own.
  expect([...new Set(load.statuses)].filter((s) => s !== 201 && s !== 200 && s !== 503)).toEqual([]);
  expect(load.retryAfterOn503()).toBe(true);
  const kept = await withDatabase(databaseUrl, (db) =>
    db.select({ donorName: donations.donorName }).from(donations).where(inArray(donations.donorName, load.acknowledged)),
  );
  expect(new Set(kept.map((r) => r.donorName)).size).toBe(load.acknowledged.length);
}

describe('the database killed under writes', () => {
  it('embedded PostgreSQL killed with SIGKILL: the site stays up, answers 503, starts it again, answers 200, loses no acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-pg-kill-'));
    const clusterDir = path.join(dataDir, 'postgres');
    const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, 5651);
    try {
      const first = postmasterOf(clusterDir);
      await faultUnderWrites(
        site,
        embeddedDatabaseUrl(clusterDir),
        async () => void process.kill(first, 'SIGKILL'),
        // The site starts it again by itself: a new postmaster.
        async () => {
          expect(await waitUntil(() => postmasterOf(clusterDir) !== first, 60_000, 250)).toBe(true);
        },
      );
    } finally {
      await site.stop();
    }
  }, 300_000);

  it('external PostgreSQL stopped -m immediate: the site stays up, answers 503, then 200 once it is back, loses no acknowledged write', async () => {
    // A cluster of this test's own (the embedded binaries), so the stop touches nobody else's database.
    const clusterDir = mkdtempSync(path.join(tmpdir(), 'rally-pg-immediate-'));
    let db = await startEmbeddedPostgres({ clusterDir, restart: false });
    const site = await startSite(
      { DATABASE_URL: db.url(), DATA_DIR: `${clusterDir}-site`, SEED_DEMO: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      5652,
    );
    try {
      const postmaster = db.pid;
      await faultUnderWrites(
        site,
        db.url(),
        async () => void process.kill(postmaster, 'SIGQUIT'),
        async () => {
          // Its last workers may still hold its shared memory for a moment after the stop.
          for (let tries = 0; ; tries++) {
            try {
              db = await startEmbeddedPostgres({ clusterDir, restart: false });
              return;
            } catch (err) {
              if (tries >= 20) throw err;
              await new Promise((r) => setTimeout(r, 500));
            }
          }
        },
      );
    } finally {
      await site.stop();
      await db.stop();
    }
  }, 300_000);
});
