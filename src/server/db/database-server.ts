import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { StartError } from '../errors';
import { EmbeddedPostgresInUseError, embeddedDatabaseUrl, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

export class DatabaseInUseError extends StartError {}

const clusterDirOf = (config: Config) => path.join(config.dataDir, 'postgres');

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
      clusterDir: clusterDirOf(config),
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

/**
 * For the maintenance scripts (npm run backup, create-admin...): the embedded PostgreSQL of the
 * site running on this data folder, reached through its socket, so that a volunteer need not stop
 * the site to take a backup; when no site runs, one started as the site starts it. The script's
 * end leaves a running site's server alone.
 */
export async function startOrShareDatabaseServer(config: Config, warn: (msg: string) => void): Promise<EmbeddedPostgres | null> {
  try {
    return await startDatabaseServer(config, warn);
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    const clusterDir = clusterDirOf(config);
    const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { url: (database) => embeddedDatabaseUrl(clusterDir, database), created: false, pid, stop: async () => {} };
  }
}
