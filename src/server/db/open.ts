import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openPostgres, type Database } from './client';
import { EmbeddedPostgresInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { hasPgliteData, migrateFromPglite } from './pglite-migration';
import { resolveDataKeys } from './data-keys';
import { waitForDatabase } from './wait-for-database';
import { installDataKeys, installedDataKeys } from './encrypted-text';
import { assertKeysOpen, sealingKeyIds } from './data-key-check';
import { resealSensitiveValues } from './sensitive-values';

export class DatabaseInUseError extends Error {}

/**
 * The SQL migrations, then the step SQL cannot do: sealing sensitive values still stored as plain
 * text with the app's key. Idempotent: sealed values are left alone.
 */
async function migrateAll(database: Database, config: Config, warn: (msg: string) => void) {
  await database.migrate();
  const sealedBy = await sealingKeyIds(database.db);
  installDataKeys(resolveDataKeys(config, warn, { allowNew: sealedBy.length === 0 }));
  assertKeysOpen(sealedBy, installedDataKeys());
  const sealed = await resealSensitiveValues(database.db, { plainOnly: true });
  if (sealed) {
    // The plain versions stay in the table's files as dead rows until vacuumed: rewrite it now.
    await database.executeSql('vacuum full signups');
    await database.executeSql('checkpoint');
    // Their plain versions also sit in the current write-ahead log segment: close it, so the next
    // checkpoint recycles it (PostgreSQL only; a role without the right just keeps the segment).
    if (database.kind === 'postgres') await database.executeSql('select pg_switch_wal()').catch(() => {});
    warn(`encrypted ${sealed} passport, medical and dietary values stored before encryption`);
  }
}

/**
 * Opens the configured database and applies migrations. Without DATABASE_URL it starts the embedded
 * PostgreSQL under DATA_DIR/postgres (created on first start; a PGlite database of an earlier
 * version moves into it once), which one site process owns at a time: a second one stops here with
 * a clear message. Closing the database stops that server.
 */
export async function openDatabase(
  config: Config,
  warn: (msg: string) => void = console.warn,
  logError: (err: Error) => void = (err) => console.error('postgres pool error:', err.message),
): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = openPostgres(config.DATABASE_URL, { onPoolError: logError });
    await waitForDatabase(() => database.ping(), { setting: 'DATABASE_URL', warn });
    await migrateAll(database, config, warn);
    return database;
  }
  mkdirSync(config.dataDir, { recursive: true });
  let server: EmbeddedPostgres;
  try {
    server = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      // The server's own lines: only its warnings and errors are news to the site's log.
      log: (line) => {
        if (/\b(WARNING|ERROR|FATAL|PANIC):/.test(line)) warn(`postgres: ${line}`);
      },
    });
  } catch (err) {
    if (err instanceof EmbeddedPostgresInUseError) {
      throw new DatabaseInUseError(
        `The embedded database in ${config.dataDir} is in use by another process (is the site already running?). ` +
          'Stop it first, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
      );
    }
    throw err;
  }
  try {
    if (hasPgliteData(config.dataDir)) await migrateFromPglite(config.dataDir, server.url, warn);
    const database = openPostgres(server.url(), { onPoolError: logError });
    const close = database.close;
    database.close = async () => {
      await close().catch(() => {});
      await server.stop();
    };
    try {
      await migrateAll(database, config, warn);
    } catch (err) {
      await database.close();
      throw err;
    }
    return database;
  } catch (err) {
    await server.stop();
    throw err;
  }
}
