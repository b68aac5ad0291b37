import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { rateLimits } from '../db/schema';
import { enforce, hit, purgeExpiredRateLimits, RateLimitError, refund } from './rate-limit';
import { only } from '../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;

describe('rate limits in the database', () => {
  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const limit = { key: 'test:concurrent', max: 100, windowMs: MINUTE };
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(app.db, limit)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const row = only(await app.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:concurrent')));
    expect(row.count).toBe(25);
  });

  it('refuses past the maximum and starts again when the window ends', async () => {
    const limit = { key: 'test:window', max: 2, windowMs: MINUTE };
    await enforce(app.db, [limit]);
    await enforce(app.db, [limit]);
    const err = await enforce(app.db, [limit]).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.statusCode).toBe(429);
    expect(err.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MINUTE + 1000);
    await expect(enforce(app.db, [limit])).resolves.toBeUndefined();
    expect((await hit(app.db, limit)).count).toBe(2);
  });

  it('takes back a hit, never below zero', async () => {
    const limit = { key: 'test:refund', max: 5, windowMs: MINUTE };
    await hit(app.db, limit);
    await refund(app.db, [limit.key]);
    await refund(app.db, [limit.key]);
    const row = only(await app.db.select().from(rateLimits).where(eq(rateLimits.key, limit.key)));
    expect(row.count).toBe(0);
  });

  it('purges counters whose window has ended, and only those', async () => {
    // A counter whose window ended a second ago, beside one whose window runs for a minute.
    await app.db.insert(rateLimits).values({ key: 'test:old', count: 1, resetAt: new Date(Date.now() - 1000) });
    await hit(app.db, { key: 'test:current', max: 1, windowMs: MINUTE });
    expect(await purgeExpiredRateLimits(app.db)).toBeGreaterThanOrEqual(1);
    const keys = (await app.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('test:old');
    expect(keys).toContain('test:current');
  });
});
