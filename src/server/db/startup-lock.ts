import { sql } from 'drizzle-orm';
import { MIGRATION_LOCK, type Database } from './client';

/**
 * Runs the rest of the start-up that writes shared state (the job queue's tables, the demo data)
 * under the migration lock, so instances starting together on a fresh PostgreSQL take turns: the
 * second finds the queue made and the data loaded. The lock is held by a transaction on its own
 * connection and released when it ends, whatever happens. The embedded database has one process.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    return work();
  });
}
