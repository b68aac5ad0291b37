import pg from 'pg';
import { openPostgres } from '../db/client';

export const TEMPLATE_DB = 'rally_test_template';

/**
 * With TEST_DATABASE_URL, migrate a template database once; each test file then copies it into a
 * database of its own (see test/app.ts), so files never share changing data.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [TEMPLATE_DB]);
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const template = openPostgres(withDatabase(url, TEMPLATE_DB));
  await template.migrate();
  await template.close();
  await admin.end();
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`select datname from pg_database where datname like 'rally_test_%'`);
    for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`).catch(() => {});
    await c.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
