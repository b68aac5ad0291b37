import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { passwordResetTokens, rateLimits, sessions } from '../../db/schema';
import { startWorkers } from '../../services/workers';
import { hit } from '../../services/rate-limit';
import { PURGE_CRON, PURGE_QUEUE } from './session-purge';
import { issuePasswordToken } from '../../services/password-tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ jobs: true });
  await startWorkers(app);
});
afterAll(() => app.close());

describe('the scheduled clean-up', () => {
  it('is scheduled hourly in the job queue', async () => {
    const schedules = await app.jobs!.getSchedules();
    expect(schedules.find((s) => s.name === PURGE_QUEUE)?.cron).toBe(PURGE_CRON);
  });

  it('removes expired sessions, tokens and counters when its job runs, and keeps live ones', async () => {
    const { user, cookie } = await signUp(app);
    await app.db.insert(sessions).values({ sid: 'expired-session', sess: {}, expire: new Date(Date.now() - 1000), userId: user.id });
    await issuePasswordToken(app.db, user.id, -1000);
    await hit(app.db, { key: 'purge:old', max: 1, windowMs: -1000 });

    await app.jobs!.send(PURGE_QUEUE, {});
    await vi.waitFor(
      async () => {
        const sids = (await app.db.select().from(sessions)).map((s) => s.sid);
        expect(sids).not.toContain('expired-session');
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(await app.db.select().from(passwordResetTokens)).toEqual([]);
    expect((await app.db.select().from(rateLimits)).map((r) => r.key)).not.toContain('purge:old');
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });
});
