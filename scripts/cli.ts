/** Shared start-up for the command-line scripts: config, database (migrated), clean exit. */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import type { Database } from '../src/server/db/client';
import { StartError } from '../src/server/errors';

export async function withDatabase(run: (database: Database) => Promise<void>) {
  let database: Database | undefined;
  try {
    database = await openDatabase(loadConfig());
    await run(database);
  } catch (err) {
    console.error(err instanceof StartError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
