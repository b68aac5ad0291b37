import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { sessions } from '../db/schema';
import { SESSION_TTL_MS } from './session';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('session lifetime', () => {
  it('is 30 days for the cookie and for the stored session alike', async () => {
    expect(SESSION_TTL_MS).toBe(30 * 24 * 60 * 60 * 1000);
    const { email, password, user } = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    const cookieLeft = new Date(cookie.expires!).getTime() - Date.now();
    expect(cookieLeft).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(cookieLeft).toBeLessThanOrEqual(SESSION_TTL_MS);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const left = row.expire.getTime() - Date.now();
      expect(left).toBeGreaterThan(SESSION_TTL_MS - 60_000);
      expect(left).toBeLessThanOrEqual(SESSION_TTL_MS);
    }
  });
});
