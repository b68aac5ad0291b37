import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type Jobs = PgBoss;

/**
 * pg-boss keeps jobs in the same database, so they survive restarts and several instances never
 * take the same job. It runs its queries through the site's own pool (executeSql).
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
  wakeWorkersOnSend(boss);
  return boss;
}

/**
 * A worker looks for new jobs every one or two seconds. A job this process queues (a confirmation
 * e-mail, a webhook's events, a bulk send) wakes this process's workers of its queue instead, so it
 * starts at once; a job queued by another instance still waits for the next look. pg-boss sets its
 * methods on the instance, so they are wrapped here rather than overridden in a subclass.
 */
function wakeWorkersOnSend(boss: PgBoss) {
  const workersOf = new Map<string, string[]>();
  const wake = (queue: string) => workersOf.get(queue)?.forEach((id) => boss.notifyWorker(id));
  const work = boss.work.bind(boss) as (queue: string, ...rest: unknown[]) => Promise<string>;
  boss.work = (async (queue: string, ...rest: unknown[]) => {
    const id = await work(queue, ...rest);
    workersOf.set(queue, [...(workersOf.get(queue) ?? []), id]);
    return id;
  }) as typeof boss.work;
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  boss.send = (async (...args: unknown[]) => {
    const id = await send(...args);
    wake(typeof args[0] === 'string' ? args[0] : (args[0] as PgBoss.Request).name);
    return id;
  }) as typeof boss.send;
  const insert = boss.insert.bind(boss) as (jobs: PgBoss.JobInsert[], ...rest: unknown[]) => Promise<void>;
  boss.insert = (async (jobs: PgBoss.JobInsert[], ...rest: unknown[]) => {
    await insert(jobs, ...rest);
    new Set(jobs.map((j) => j.name)).forEach(wake);
  }) as typeof boss.insert;
}
