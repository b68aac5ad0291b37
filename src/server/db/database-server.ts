import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { StartError } from '../errors';
import { EmbeddedPostgresInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

export class DatabaseInUseError extends StartError {}

/**
 * The embedded PostgreSQL under DATA_DIR/postgres (created on first start), or none when
 * DATABASE_URL names a server. One site process owns a data folder at a time: a second one stops
 * here with a clear message. Kept apart from opening the database (open.ts), so that the site's
 * entry can start the server while the rest of its code loads.
 */
export async function startDatabaseServer(config: Config, warn: (msg: string) => void): Promise<EmbeddedPostgres | null> {
  if (config.DATABASE_URL) return null;
  mkdirSync(config.dataDir, { recursive: true });
  try {
    return await startEmbeddedPostgres({
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
}
