import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database for one hardening scenario; dropped by `drop()`. */
export async function freshPostgres(label: string) {
  const name = `rally_hard_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    dataDir: mkdtempSync(path.join(tmpdir(), `rally-hard-${label}-`)),
    /** Runs SQL as the server's superuser, outside the app's pool. */
    async admin(sql: string, params: unknown[] = []) {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        return await c.query(sql, params);
      } finally {
        await c.end();
      }
    },
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    },
  };
}
