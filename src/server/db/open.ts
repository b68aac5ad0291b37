import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';

export class DatabaseInUseError extends Error {}

/**
 * Opens the configured database and applies migrations. The embedded database admits one process
 * at a time: a second one stops here with a clear message, before touching the files.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = openPostgres(config.DATABASE_URL);
    await database.migrate();
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
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    await release().catch(() => {});
  };
  return database;
}
