import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, serverIsStale } from '../scripts/build-server';
import { SHARED_TEST_KEY } from '../bench/processes';
import { PG_ADMIN_URL } from './support';

/** A start that cannot succeed ends at once with one plain line: what failed and what to do. */
beforeAll(async () => {
  if (serverIsStale()) await buildServer();
});

function runSite(env: Record<string, string>): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: '0', HOST: '127.0.0.1', DATA_ENCRYPTION_KEY: SHARED_TEST_KEY, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr: stderr.trim(), ms: Date.now() - started })));
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('start errors', () => {
  it('a port in use is found before the database starts, in one line', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-port-'));
    try {
      const { code, stderr } = await runSite({ PORT: String(port), DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use by another process.*set PORT to a free port`));
      // The embedded database was never created nor started.
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('a database that refuses the site says so in one line, without a stack', async () => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = '/rally_no_such_database';
    const { code, stderr } = await runSite({
      PORT: String(await freePort()),
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rally-refused-')),
    });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/DATABASE_URL refused the site \(database "rally_no_such_database" does not exist\)\. Check/);
  }, 60_000);

  it('a database that does not answer ends the start after the wait, in one line saying what to check', async () => {
    const port = await freePort();
    // DATABASE_WAIT_SECONDS shortens the two minutes: tries at 0, 1 and 3 s, then the line.
    const { code, stderr, ms } = await runSite({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://rally@127.0.0.1:${port}/rally`,
      DATABASE_WAIT_SECONDS: '3',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rally-unanswered-')),
      LOG_LEVEL: 'error',
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `The database at DATABASE_URL did not answer for 3 s (connect ECONNREFUSED 127.0.0.1:${port}). ` +
        'Check that PostgreSQL is running and that DATABASE_URL names its host and port, then start again.',
    );
    expect(ms).toBeGreaterThanOrEqual(3000);
  }, 60_000);
});
