import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { openEventStream } from '../../test/event-stream';
import { sessions } from '../../db/schema';
import { SESSION_CHECK_MS } from './event-stream';

/** The organisers' stream lives only as long as the session that opened it. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const endsWithin = (ended: Promise<void>, ms: number) =>
  Promise.race([ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), ms))]);

describe('the organisers’ live stream', () => {
  it('ends when its session logs out', async () => {
    const admin = await signUpAdmin(app);
    const stream = await openEventStream(app, '/api/admin/live-events', { cookie: admin.cookie });
    expect(stream.status).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await endsWithin(stream.ended, SESSION_CHECK_MS + 2000)).toBe('ended');
  });

  it('ends when its session expires, and not before', async () => {
    const admin = await signUpAdmin(app);
    const stream = await openEventStream(app, '/api/admin/live-events', { cookie: admin.cookie });
    await app.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, admin.user.id));
    expect(await endsWithin(stream.ended, 500)).toBe('still open');
    expect(await endsWithin(stream.ended, SESSION_CHECK_MS + 2000)).toBe('ended');
  });
});
