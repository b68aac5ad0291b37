import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL for pg-boss: `values` are bound parameters, multi-statement text has none. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Calls `onMessage` with the payload of each NOTIFY on `channel`. `onReady` runs once listening is
   * in place (again after a reconnect), `onLost` whenever notifications may have been missed.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The pool's connections now (PostgreSQL only): for /metrics and the Site health page. */
  poolStats?(): { total: number; idle: number; waiting: number };
};

export type ListenHandlers = { onMessage: (payload: string) => void; onReady: () => void; onLost: () => void };

/**
 * Delays before a dropped PostgreSQL listening connection is opened again: doubling from the first
 * to the last while the server stays away (a restart takes seconds, an outage longer), back to the
 * first once it listens again.
 */
export const RELISTEN_BACKOFF_MS = { first: 250, max: 10_000 };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
export const MIGRATION_LOCK = 727_001; // advisory lock id: instances starting together migrate one at a time

/**
 * PGlite in a folder (embedded default) or in memory (tests) when dataDir is undefined, starting
 * from a dumped data folder when `loadDataDir` is given.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  // Loaded here, not with the site: only tests and the move of an old data folder use PGlite.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The options form: PGlite.create(undefined, { loadDataDir }) ignores the tarball.
  const client = await PGlite.create({ dataDir, loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, values) => {
      if (values && values.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    // The data folder as a tarball, which openPglite can start from (the tests' migrated template).
    dumpDataDir: () => client.dumpDataDir('none'),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    // One process owns the embedded database, so its notifications cannot be missed.
    listen: async (channel, { onMessage, onReady }) => {
      const unlisten = await client.listen(channel, onMessage);
      onReady();
      return unlisten;
    },
    close: () => client.close(),
  };
}

export function openPostgres(url: string, opts: { onPoolError?: (err: Error) => void } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5000, max: 10, idleTimeoutMillis: 30_000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', opts.onPoolError ?? ((err) => console.error('postgres pool error:', err.message)));
  // pool.end() resolves once its connections are asked to close, not once they have: a server
  // stopped right after (the embedded one, a test database dropped) would end them itself and
  // each would report an error. close() waits for them.
  const connections = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    // pg-pool listens for a connection's errors only while it is idle, and drops that listener while
    // the connection is checked out (a transaction, a pooled query): a server killed then would make
    // it an uncaught error and end the site. The query in hand fails with the error itself (503), and
    // the pool discards the connection on release, so this one only keeps the error from escaping.
    client.on('error', () => {});
    connections.add(client);
    client.once('end', () => connections.delete(client));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values as any[]),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    listen: async (channel, handlers) => listenPostgres(url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      const closing = [...connections].map((c) => new Promise((resolve) => c.once('end', resolve)));
      await pool.end();
      await Promise.all(closing);
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A dropped
 * connection reports `onLost` and is opened again after RELISTEN_BACKOFF_MS until stopped.
 */
async function listenPostgres(url: string, channel: string, { onMessage, onReady, onLost }: ListenHandlers) {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = RELISTEN_BACKOFF_MS.first;
  const connect = async () => {
    if (stopped) return;
    // keepAlive: a connection the network dropped silently is noticed, not listened on forever.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      if (current === client) {
        current = null;
        // Ended by the stop below (the site shutting down): nothing was lost.
        if (!stopped) onLost();
      }
      if (stopped) return;
      timer = setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, RELISTEN_BACKOFF_MS.max);
    };
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    client.on('error', () => void client.end().catch(() => {}));
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (stopped) return void (await client.end().catch(() => {}));
      current = client;
      delay = RELISTEN_BACKOFF_MS.first;
      onReady();
    } catch {
      await client.end().catch(() => {});
      retry();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
    current = null;
  };
}
