import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import { resolveDataKeys } from '../data-keys';
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
 * Opens the configured database and applies migrations. The embedded database admits one process
 * at a time: a second one stops here with a clear message, before touching the files.
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
  const dir = path.join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { lockfilePath: path.join(config.dataDir, 'pglite.lock'), stale: 15_000, update: 5_000 });
  } catch {
    throw new DatabaseInUseError(
      `The embedded database in ${config.dataDir} is in use by another process (is the site already running?). ` +
        'Stop it first, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
    );
  }
  const database = await openPglite(dir);
  await migrateAll(database, config, warn);
  const close = database.close;
  database.close = async () => {
    await close();
    await release().catch(() => {});
  };
  return database;
}
