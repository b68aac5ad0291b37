import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../test/app';

describe('listening for notifications', () => {
  it('reports a dropped connection, listens again, and reports nothing when stopped', async () => {
    const database = await freshDatabase();
    try {
      const onLost = vi.fn();
      const onReady = vi.fn();
      const heard: string[] = [];
      const stop = await database.listen('listen_test', { onMessage: (p) => heard.push(p), onReady, onLost });
      expect(onReady).toHaveBeenCalledTimes(1);

      // The database ends the listening connection: the site hears of it and listens again.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
      );
      await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(2), { timeout: 10_000 });
      expect(onLost).toHaveBeenCalledTimes(1);
      await database.db.execute(sql`select pg_notify('listen_test', 'after')`);
      await vi.waitFor(() => expect(heard).toEqual(['after']));

      // Stopping ends the connection on purpose: that is not a loss.
      await stop();
      expect(onLost).toHaveBeenCalledTimes(1);
    } finally {
      await database.close();
    }
  });
});
