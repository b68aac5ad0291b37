import type { Config } from '../config';
import { openPostgres, type Database } from './client';
import type { EmbeddedPostgres } from './embedded-postgres';
import { startDatabaseServer } from './database-server';
import { hasPgliteData, migrateFromPglite } from './pglite-migration';
import { resolveDataKeys } from './data-keys';
import { waitForDatabase } from './wait-for-database';
import { installDataKeys, installedDataKeys } from './encrypted-text';
import { assertKeysOpen, sealingKeyIds } from './data-key-check';
import { resealSensitiveValues } from './sensitive-values';
import { isDatabaseUnavailable } from './unavailable';
import { StartError } from '../errors';

/** The database at DATABASE_URL could not be used at start: what failed and what to check. */
export class DatabaseStartError extends StartError {}

/** "2 minutes", "90 s": the wait as an operator reads it. */
function waitInWords(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} s`;
  return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
}

function databaseStartError(err: unknown, waitSeconds: number): DatabaseStartError {
  // Drizzle's own message is only "Failed query: select 1"; the driver's error (its cause) says why.
  const cause = (err as Error & { cause?: unknown }).cause;
  const why = (cause instanceof Error ? cause : (err as Error)).message.split('\n')[0];
  return new DatabaseStartError(
    isDatabaseUnavailable(err)
      ? `The database at DATABASE_URL did not answer for ${waitInWords(waitSeconds)} (${why}). Check that PostgreSQL is running and that DATABASE_URL names its host and port, then start again.`
      : `The database at DATABASE_URL refused the site (${why}). Check the user, password and database name in DATABASE_URL, then start again.`,
  );
}

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
 * Opens the configured database and applies migrations. Without DATABASE_URL it opens the embedded
 * PostgreSQL that `server` starts (database-server.ts; a PGlite database of an earlier version moves
 * into it once). Closing the database stops that server.
 */
export async function openDatabase(
  config: Config,
  warn: (msg: string) => void = console.warn,
  logError: (err: Error) => void = (err) => console.error('postgres pool error:', err.message),
  server: Promise<EmbeddedPostgres | null> = startDatabaseServer(config, warn),
): Promise<Database> {
  const embedded = await server;
  if (!embedded) {
    const database = openPostgres(config.DATABASE_URL!, { onPoolError: logError });
    const waitSeconds = config.DATABASE_WAIT_SECONDS;
    await waitForDatabase(() => database.ping(), { setting: 'DATABASE_URL', warn, giveUpAfterMs: waitSeconds * 1000 }).catch(
      async (err) => {
        await database.close().catch(() => {});
        throw databaseStartError(err, waitSeconds);
      },
    );
    await migrateAll(database, config, warn);
    return database;
  }
  try {
    if (hasPgliteData(config.dataDir)) await migrateFromPglite(config.dataDir, embedded.url, warn);
    const database = openPostgres(embedded.url(), { onPoolError: logError });
    const close = database.close;
    database.close = async () => {
      await close().catch(() => {});
      await embedded.stop();
    };
    try {
      await migrateAll(database, config, warn);
    } catch (err) {
      await database.close();
      throw err;
    }
    return database;
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}
