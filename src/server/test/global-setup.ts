import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the test files make their databases on: TEST_DATABASE_URL or the embedded one. */
    testDatabaseUrl: string;
  }
}

/**
 * Migrate a template database once; each test file then copies it into a database of its own
 * (CREATE DATABASE ... TEMPLATE, see test/app.ts), so files never share changing data. The server
 * is TEST_DATABASE_URL's, or else one embedded PostgreSQL for the whole run, the engine `npm start`
 * runs, in a throwaway folder without fsync.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  let url: string;
  if (external) url = external;
  else {
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-test-pg-'));
    const server = await startEmbeddedPostgres({
      clusterDir: path.join(dir, 'cluster'),
      throwaway: true,
      // Two test files at a time, each with the app's pool, the job queue's and listeners.
      settings: { max_connections: '200' },
    });
    url = server.url('postgres');
    stopEmbedded = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  project.provide('testDatabaseUrl', url);
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
    if (!external) return stopEmbedded();
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
