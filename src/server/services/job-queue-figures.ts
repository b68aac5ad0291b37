import type { Database } from '../db/client';

export type QueueFigures = { queue: string; waiting: number; active: number; failed: number };

/**
 * Jobs by queue and state, read from pg-boss's table (every instance's jobs): waiting (created or
 * to retry), active, and failed ones still kept. Empty when the queue has not been set up.
 */
export async function jobQueueFigures(database: Database): Promise<QueueFigures[]> {
  const { rows } = await database
    .executeSql(
      `select name, state::text as state, count(*)::int as n from pgboss.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state order by name`,
    )
    .catch(() => ({ rows: [] as { name: string; state: string; n: number }[] }));
  const byQueue = new Map<string, QueueFigures>();
  for (const { name, state, n } of rows) {
    const q = byQueue.get(name) ?? { queue: name, waiting: 0, active: 0, failed: 0 };
    if (state === 'created' || state === 'retry') q.waiting += n;
    else if (state === 'active') q.active += n;
    else q.failed += n;
    byQueue.set(name, q);
  }
  return [...byQueue.values()];
}
