import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { isDatabaseUnavailable } from '../../db/unavailable';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('/health and /health/ready', () => {
  it('are both ready when the database answers and takes writes and the disk has room', async () => {
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('is not ready while the database refuses writes, though it still answers reads (a full disk)', async () => {
    // A full disk, as PostgreSQL reports it: reads work, every write fails with disk_full (53100).
    await app.db.execute(sql`create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file' using errcode = '53100'; end $$`);
    await app.db.execute(
      sql`create trigger full_disk before insert or update on health_checks for each row execute function refuse_write()`,
    );
    try {
      expect((await app.inject('/health')).statusCode).toBe(200);
      const ready = await app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failing: 'database' });
    } finally {
      await app.db.execute(sql`drop trigger full_disk on health_checks`);
    }
    expect((await app.inject('/health/ready')).statusCode).toBe(200);
  });

  it('is not ready when the disk holding DATA_DIR has less room than MIN_FREE_DISK_MB', async () => {
    const cramped = await createTestApp({ env: { MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) } });
    try {
      const ready = await cramped.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failing: 'disk' });
    } finally {
      await cramped.close();
    }
  });
});

describe('a database outage', () => {
  it('is told apart from a fault in the request', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
