/**
 * Shared start-up for the command-line scripts: config, database (migrated), clean exit. On the
 * embedded PostgreSQL a script shares the server of a site running on the same data folder.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { startOrShareDatabaseServer } from '../src/server/db/database-server';
import type { Database } from '../src/server/db/client';
import { HttpError, StartError } from '../src/server/errors';

export async function withDatabase(run: (database: Database) => Promise<void>) {
  let database: Database | undefined;
  try {
    const config = loadConfig();
    database = await openDatabase(config, console.warn, undefined, startOrShareDatabaseServer(config, console.warn));
    await run(database);
  } catch (err) {
    // A refusal says what to do (a bad setting, a too common password): its message alone.
    console.error(err instanceof StartError || err instanceof HttpError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
