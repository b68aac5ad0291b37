import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type Jobs = PgBoss;

/**
 * pg-boss keeps jobs in the same database, so they survive restarts and several instances never
 * take the same job. On PGlite it runs through the database's executeSql adapter.
 */
export async function startJobs(database: Database, log: { error: (o: object, m: string) => void }): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: database.executeSql } as PgBoss.Db,
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
