import { afterAll, describe, expect, inject, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openPostgres } from './client';
import * as schema from './schema';
import { testDbPrefix, withDatabase } from '../test/global-setup';

/**
 * An upgrade as a site that ran the previous release meets it: its migrations applied, its data in
 * the tables (the demo data as that release stored it: fixtures/previous-release.sql.gz), then this
 * release's migrations. Every table the code knows must then read back, with every column it names.
 */
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const fixture = gunzipSync(readFileSync(path.join(import.meta.dirname, 'fixtures', 'previous-release.sql.gz'))).toString();
const previousRelease = /^-- migrations: (\S+)$/m.exec(fixture)?.[1];

type Journal = { entries: { tag: string }[] };

/** The migrations folder as the previous release shipped it: this one's, cut after its last migration. */
function previousMigrations(): string {
  const dir = mkdtempSync(path.join(inject('testScratchDir'), 'previous-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === previousRelease);
  if (last === -1) throw new Error(`the fixture's release ${previousRelease} is not in the migrations' journal`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

const url = inject('testDatabaseUrl');
const name = `${testDbPrefix(url)}upgrade_${process.pid}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
afterAll(() => admin(`drop database if exists ${name} with (force)`));

describe('migrations', { timeout: 120_000 }, () => {
  it("bring a database of the previous release, with its data, to this release's schema", async () => {
    expect(previousRelease).toBeTruthy();
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const client = new pg.Client({ connectionString: withDatabase(url, name) });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: previousMigrations() });
      // The migrations put the initial content in; the fixture holds it as that site had it.
      await client.query(`do $$ begin
        execute (select 'truncate ' || string_agg(format('%I.%I', schemaname, tablename), ', ') from pg_tables where schemaname = 'public');
      end $$`);
      await client.query(fixture);
      const before = await client.query<{ count: string }>('select count(*) from public.signups');
      expect(Number(before.rows[0]?.count)).toBeGreaterThan(0);
    } finally {
      await client.end();
    }

    const database = openPostgres(withDatabase(url, name));
    try {
      await database.migrate();
      // Raw reads of every column the code names (the sealed ones stay sealed: no key is needed).
      for (const table of Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[]) {
        const columns = Object.values(getTableColumns(table)).map((c) => `"${c.name}"`);
        await expect(
          database.executeSql(`select ${columns.join(', ')} from "${getTableName(table)}" limit 1`),
          getTableName(table),
        ).resolves.toBeDefined();
      }
      const { rows } = await database.executeSql('select count(*)::int as n from public.signups');
      expect(rows[0]).toEqual({ n: Number(/INSERT INTO public\.signups /g[Symbol.match](fixture)?.length) });
    } finally {
      await database.close();
    }
  });
});
