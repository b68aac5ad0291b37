import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../test/app';
import { openEventStream } from '../../test/event-stream';
import { LIVE_CHANNEL, notifyLive } from '../../services/live-events';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The test database's address, as the app's pool has it: another connection, as another instance would use. */
async function otherConnection() {
  const client = new pg.Client({ connectionString: (app.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
  await client.connect();
  return client;
}

describe('the live event stream', () => {
  it('is an event stream that nothing caches or compresses, with no session', async () => {
    const stream = await openEventStream(app, '/api/live-events', { 'accept-encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['set-cookie']).toBeUndefined();
    stream.close();
  });

  it('a NOTIFY from another connection (another instance) reaches an open stream within a second', async () => {
    const stream = await openEventStream(app, '/api/live-events');
    const other = await otherConnection();
    const started = Date.now();
    await other.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ kind: 'positions.changed', signupId: 7 })]);
    expect(await stream.next((e) => e.signupId === 7, 1000)).toEqual({ kind: 'positions.changed', signupId: 7 });
    expect(Date.now() - started).toBeLessThan(1000);
    await other.end();
    stream.close();
  });

  it('an event sent inside a transaction arrives once it commits, and never when it rolls back', async () => {
    const stream = await openEventStream(app, '/api/live-events');
    await app.db
      .transaction(async (tx) => {
        await notifyLive(tx, { kind: 'positions.changed', id: 1 });
        throw new Error('roll back');
      })
      .catch(() => {});
    await app.db.transaction(async (tx) => notifyLive(tx, { kind: 'positions.changed', id: 2 }));
    // Notifications arrive in commit order: once the second is here, the first would have been too.
    await stream.next((e) => e.id === 2);
    expect(stream.text()).not.toContain('"id":1');
    stream.close();
  });

  it('a payload that is not an event is not passed on; an event carries ids and kinds, never data', async () => {
    const stream = await openEventStream(app, '/api/live-events');
    const other = await otherConnection();
    await other.query('select pg_notify($1, $2)', [LIVE_CHANNEL, 'not json']);
    await other.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ kind: 'positions.changed', id: 3, lat: 49.1 })]);
    expect(await stream.next((e) => e.id === 3)).toEqual({ kind: 'positions.changed', id: 3 });
    expect(stream.text()).not.toContain('not json');
    await expect(notifyLive(app.db, { kind: 'x'.repeat(2000) + '.y' })).rejects.toThrow(/too large/);
    await other.end();
    stream.close();
  });

  it('survives a dropped database connection: streams hear live.resync, then events again', async () => {
    const stream = await openEventStream(app, '/api/live-events');
    const other = await otherConnection();
    // What a PostgreSQL restart does to the listening connection.
    const ended = await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN "${LIVE_CHANNEL}"'`,
    );
    expect(ended.rowCount).toBe(1);
    await stream.next((e) => e.kind === 'live.resync');
    expect(app.live.isListening()).toBe(true);
    await other.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ kind: 'positions.changed', id: 4 })]);
    await stream.next((e) => e.id === 4, 1000);
    await other.end();
    stream.close();
  });

  it('an open stream ends when the app closes', async () => {
    const own = await createTestApp();
    const staying = await openEventStream(own, '/api/live-events');
    await own.close();
    await staying.ended;
  });
});
