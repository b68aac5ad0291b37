import pg from 'pg';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder as a tarball (PGlite's dumpDataDir). */
    pgliteTemplate: string;
  }
}

/**
 * Migrate a template once; each test file then copies it into a database of its own (see
 * test/app.ts), so files never share changing data. On PGlite the template is a dump of a migrated
 * data folder: loading it skips initdb and the migrations, which took most of a file's set-up.
 * With TEST_DATABASE_URL, it is a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return pgliteTemplate(project);
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
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`select datname from pg_database where datname like $1`, [`${testDbPrefix(url)}%`]);
    for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`).catch(() => {});
    await c.end();
  };
}

async function pgliteTemplate(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openPglite();
  await database.migrate();
  writeFileSync(file, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
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
