import pg from 'pg';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the test files make their databases on: TEST_DATABASE_URL or the embedded one. */
    testDatabaseUrl: string;
    /** The run's scratch folder, every test's temporary files (see scratch-dir.ts). */
    testScratchDir: string;
    /** How CREATE DATABASE copies the template (see test/app.ts). */
    testDatabaseCopy: 'strategy file_copy' | '';
  }
}

/** Linux's RAM disk, where there is one we may write to. */
const RAM_DISK = '/dev/shm';

/**
 * One folder for the run's temporary files (data folders, uploads, the embedded PostgreSQL's
 * clusters), removed when the run ends. On a RAM disk when there is one: the suite makes a database
 * per test file and a few clusters of its own, and on a disk their writes, and the kernel flushing
 * them, were a good part of the run's time though the data is thrown away.
 */
function scratchDir(): string {
  let base = tmpdir();
  try {
    accessSync(RAM_DISK, constants.W_OK);
    base = RAM_DISK;
  } catch {
    // No RAM disk (macOS, Windows, a container without one): the system temp folder.
  }
  return mkdtempSync(path.join(base, 'rally-test-run-'));
}

/**
 * Migrate a template database once; each test file then copies it into a database of its own
 * (CREATE DATABASE ... TEMPLATE, see test/app.ts), so files never share changing data. The server
 * is TEST_DATABASE_URL's, or else one embedded PostgreSQL for the whole run, the engine `npm start`
 * runs, in the scratch folder without fsync.
 */
export default async function setup(project: TestProject) {
  const scratch = scratchDir();
  project.provide('testScratchDir', scratch);
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  const external = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  let url: string;
  if (external) url = external;
  else {
    const server = await startEmbeddedPostgres({
      clusterDir: path.join(scratch, 'cluster'),
      throwaway: true,
      // Two test files at a time, each with the app's pool, the job queue's and listeners.
      settings: { max_connections: '200' },
    });
    url = server.url('postgres');
    stopEmbedded = () => server.stop();
  }
  project.provide('testDatabaseUrl', url);
  // Copying the template's files is several times quicker than writing every page into the WAL
  // (PostgreSQL's default) but takes two checkpoints: cheap on the embedded server without fsync,
  // costly on a durable server that others may share, which keeps its default.
  project.provide('testDatabaseCopy', external ? '' : 'strategy file_copy');
  const template_ = templateName(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template_} with (force)`);
  await admin.query(`create database ${template_}`);
  const template = openPostgres(withDatabase(url, template_));
  await template.migrate();
  await template.close();
  await admin.end();
  return async () => {
    if (!external) {
      await stopEmbedded();
      return removeScratch();
    }
    removeScratch();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`select datname from pg_database where datname like $1`, [`${testDbPrefix(url)}%`]);
    for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`).catch(() => {});
    await c.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Names derive from the TEST_DATABASE_URL database, so runs against different ones never collide. */
export function templateName(url: string): string {
  return `${testDbPrefix(url)}tpl`;
}

export function testDbPrefix(url: string): string {
  const base = new URL(url).pathname.replace(/^\//, '') || 'postgres';
  return `${base.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_t_`;
}
