import { beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { buildServer, serverIsStale } from '../scripts/build-server';
import { SHARED_TEST_KEY, startSite } from '../bench/processes';
import { openPglite, openPostgres } from '../src/server/db/client';
import { embeddedDatabaseUrl } from '../src/server/db/embedded-postgres';
import { historicParticipants } from '../src/server/db/schema';
import { waitUntil } from './support';

/**
 * The data folder under kills at the worst moments of a first start and of the move from the old
 * PGlite layout: whatever the kill leaves, the next start opens the folder by itself with its data.
 */
beforeAll(async () => {
  if (serverIsStale()) await buildServer();
});

type Site = { child: ChildProcess; stderr: () => string; exited: Promise<number | string> };

/** The compiled site in a process group of its own, so a kill can take its children (initdb) too. */
function spawnSite(env: Record<string, string>, port: number): Site {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_ENCRYPTION_KEY: SHARED_TEST_KEY,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)));
  return { child, stderr: () => stderr, exited };
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/health/ready`).then(
    (r) => r.ok,
    () => false,
  );

const freshDataDir = (label: string) => mkdtempSync(path.join(tmpdir(), `rally-folder-${label}-`));

describe('a first start', () => {
  it('killed during initdb: the next start makes the cluster and starts cleanly', async () => {
    const dataDir = freshDataDir('initdb');
    const site = spawnSite({ DATA_DIR: dataDir }, 5661);
    // initdb has begun (it writes PG_VERSION first) and the server has not started yet.
    const initdbRunning = () =>
      ['postgres', 'postgres.initdb'].some((d) => existsSync(path.join(dataDir, d, 'PG_VERSION'))) &&
      !existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));
    expect(await waitUntil(initdbRunning, 60_000, 5)).toBe(true);
    process.kill(-site.child.pid!, 'SIGKILL');
    await site.exited;

    const again = await startSite({ DATA_DIR: dataDir }, 5662);
    try {
      expect(await healthy(5662)).toBe(true);
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('two at once on one fresh folder: one serves, the other stops saying the folder is in use, and the folder stays whole', async () => {
    const dataDir = freshDataDir('twice');
    const [a, b] = [spawnSite({ DATA_DIR: dataDir }, 5663), spawnSite({ DATA_DIR: dataDir }, 5664)];
    const outcome = async (site: Site, port: number) =>
      Promise.race([
        site.exited.then((code) => ({ exited: code })),
        waitUntil(() => healthy(port), 180_000, 100).then((ok) => ({ ready: ok })),
      ]);
    const [oa, ob] = await Promise.all([outcome(a, 5663), outcome(b, 5664)]);
    const ready = [oa, ob].filter((o) => 'ready' in o && o.ready);
    const refused = [
      [oa, a],
      [ob, b],
    ].filter(([o]) => 'exited' in (o as object)) as [{ exited: number | string }, Site][];
    expect(ready.length).toBe(1);
    expect(refused.length).toBe(1);
    expect(refused[0]![0].exited).toBe(1);
    expect(refused[0]![1].stderr()).toMatch(/in use by another process/);
    const winner = 'ready' in oa ? a : b;
    winner.child.kill('SIGTERM');
    await winner.exited;

    const again = await startSite({ DATA_DIR: dataDir }, 5665);
    try {
      expect(await healthy(5665)).toBe(true);
    } finally {
      await again.stop();
    }
  }, 300_000);
});

describe('the move from the PGlite folder of an earlier version, killed in each window', () => {
  const ROWS = 25;
  /** A DATA_DIR as an earlier version left it: PGlite in DATA_DIR/pglite with some rows. */
  async function earlierDataDir() {
    const dataDir = freshDataDir('move');
    const old = await openPglite(path.join(dataDir, 'pglite'));
    await old.migrate();
    await old.db
      .insert(historicParticipants)
      .values(Array.from({ length: ROWS }, (_, i) => ({ year: 2010, driverFirstName: 'Old', driverLastName: `Rallier ${i}` })));
    await old.close();
    return dataDir;
  }

  for (const point of [
    'pglite-move:marked',
    'pglite-move:database-dropped',
    'pglite-move:database-renamed',
    'pglite-move:folder-renamed',
  ]) {
    it(`killed at ${point}: the next start finishes the move with every row`, async () => {
      const dataDir = await earlierDataDir();
      const killed = spawnSite({ DATA_DIR: dataDir, RALLY_FAILPOINT: point }, 5666);
      expect(await killed.exited).toBe('SIGKILL');

      const again = await startSite({ DATA_DIR: dataDir }, 5667);
      try {
        const database = openPostgres(embeddedDatabaseUrl(path.join(dataDir, 'postgres')));
        const [row] = await database.db.select({ n: count() }).from(historicParticipants);
        await database.close();
        expect(row!.n).toBe(ROWS);
        const names = readdirSync(dataDir);
        expect(names).not.toContain('pglite');
        expect(names.filter((n) => n.startsWith('pglite-before-postgres-'))).toHaveLength(1);
      } finally {
        await again.stop();
      }
    }, 240_000);
  }
});
