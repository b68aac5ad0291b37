import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { auditLog } from '../../db/schema';
import { formatDay } from '../../../common/rally-dates';
import type { RallySettings } from '../../../common/schemas/rally-settings';

const start = (app: TestApp, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/settings/season', headers: { cookie }, payload });
const settings = async (app: TestApp) => (await app.inject({ url: '/api/settings' })).json() as RallySettings;
const starts = (app: TestApp) => app.db.select().from(auditLog).where(eq(auditLog.action, 'season.start'));

describe('starting the next season before the rally is over (the tests’ clock: months before it)', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp();
    ({ cookie } = await signUpAdmin(app));
  });
  afterAll(() => app.close());

  it('is refused 409 with the reason, changing nothing, without the confirmation', async () => {
    const before = await settings(app);
    const res = await start(app, cookie, { year: before.year + 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `The ${before.year} rally's last day is ${formatDay(before.rallyEnd)}: the ${before.year + 1} season can start after it. To start it now, confirm the early start.`,
    );
    expect(await settings(app)).toEqual(before);
    expect(await starts(app)).toHaveLength(0);
  });

  it('refuses a confirmation that is not a plain yes (400)', async () => {
    const { year } = await settings(app);
    expect((await start(app, cookie, { year: year + 1, earlyStart: false })).statusCode).toBe(400);
    expect((await start(app, cookie, { year: year + 1, earlyStart: 'yes' })).statusCode).toBe(400);
    expect((await settings(app)).year).toBe(year);
  });

  it('starts it with the confirmation, and the audit says it was early', async () => {
    const { year } = await settings(app);
    const res = await start(app, cookie, { year: year + 1, earlyStart: true });
    expect(res.statusCode).toBe(201);
    expect((await settings(app)).year).toBe(year + 1);
    const [audit] = await starts(app);
    expect(audit?.details).toMatchObject({ from: year, earlyStart: true });
  });
});

describe('starting the next season after the rally’s last day', () => {
  let app: TestApp;
  beforeAll(async () => {
    const probe = await createTestApp();
    const { rallyEnd } = await probe.rallySettings();
    await probe.close();
    const after = new Date(`${rallyEnd}T12:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 1);
    app = await createTestApp({ env: { RALLY_CLOCK: after.toISOString() } });
  });
  afterAll(() => app.close());

  it('needs no confirmation', async () => {
    const { cookie } = await signUpAdmin(app);
    const { year } = await settings(app);
    expect((await start(app, cookie, { year: year + 1 })).statusCode).toBe(201);
    const [audit] = await starts(app);
    expect(audit?.details).toMatchObject({ from: year, earlyStart: false });
  });
});
