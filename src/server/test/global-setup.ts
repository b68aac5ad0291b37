import pg from 'pg';
import { openPostgres } from '../db/client';

/**
 * With TEST_DATABASE_URL, migrate a template database once; each test file then copies it into a
 * database of its own (see test/app.ts), so files never share changing data.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
