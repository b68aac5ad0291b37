import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import type { StatusChangeView } from '../../../common/schemas/entry-status';
import { changeSettings } from '../../test/settings';

/** A verified driver registering a team of this year through the public form. */
async function register(app: TestApp) {
  const { user, cookie } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    payload: teamInput({ driverEmail: user.email }),
    headers: { cookie },
  });
  return { user, cookie, res };
}

const statusOf = async (app: TestApp, id: number) =>
  (await app.db.select({ s: signups.status }).from(signups).where(eq(signups.id, id)))[0]?.s;

describe('a car limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('puts teams past the limit on the waiting list in order, and gives a freed place to the first in line', async () => {
    const organiser = await signUpAdmin(app);
    expect((await changeSettings(app, organiser.cookie, { carLimit: 2 })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/signup/status' })).json()).toEqual({
      open: true,
      full: false,
      phase: 'open',
      opensAt: null,
      closesAt: null,
      resultsPublished: false,
    });
    const first = await register(app);
    const second = await register(app);
    expect([first.res.json().status, second.res.json().status]).toEqual(['registered', 'registered']);
    expect((await app.inject({ url: '/api/signup/status' })).json()).toMatchObject({ open: true, full: true });

    const third = await register(app);
    const fourth = await register(app);
    expect(third.res.statusCode).toBe(201);
    expect([third.res.json().status, fourth.res.json().status]).toEqual(['waiting_list', 'waiting_list']);
    const position = async (cookie: string) =>
      (await app.inject({ url: '/api/my-signup', headers: { cookie } })).json().waitingListPosition as number | null;
    expect([await position(third.cookie), await position(fourth.cookie)]).toEqual([1, 2]);

    // The first team withdraws: the third gets the place and an e-mail; the fourth moves up.
    const before = app.mail.sent.length;
    await app.inject({ method: 'POST', url: '/api/my-dashboard/team/withdraw', headers: { cookie: first.cookie }, payload: {} });
    const thirdId = third.res.json().id as number;
    expect(await statusOf(app, thirdId)).toBe('registered');
    expect(await position(fourth.cookie)).toBe(1);
    await app.background.idle(); // the e-mail is queued, not awaited by the request
    const offered = app.mail.sent.slice(before).filter((m) => m.to === third.user.email);
    expect(offered.map((m) => m.subject)).toEqual([expect.stringContaining('A place has come free')]);
    expect(offered[0]!.text).toContain('/dashboard');

    const admin = await signUpAdmin(app);
    const [move] = (
      await app.inject({ url: `/api/admin/registrations/${thirdId}/status-history`, headers: { cookie: admin.cookie } })
    ).json() as StatusChangeView[];
    expect(move).toMatchObject({ fromStatus: 'waiting_list', toStatus: 'registered', actorEmail: null, reason: 'A place came free' });
  });
});

describe('the last place', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('goes to one of two teams registering at the same moment; the other waits', async () => {
    const organiser = await signUpAdmin(app);
    const taken = (await app.db.select().from(signups)).length;
    await changeSettings(app, organiser.cookie, { carLimit: taken + 1 });
    const [a, b] = await Promise.all([register(app), register(app)]);
    expect([a.res.statusCode, b.res.statusCode]).toEqual([201, 201]);
    expect([a.res.json().status, b.res.json().status].sort()).toEqual(['registered', 'waiting_list']);
  });
});

describe('the registration dates', () => {
  let app: TestApp;
  let organiser: { cookie: string };
  beforeAll(async () => {
    app = await createTestApp();
    organiser = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('refuses public registrations before the opening date, saying when it opens', async () => {
    await changeSettings(app, organiser.cookie, { registrationOpensAt: '2099-03-01T09:00:00Z', registrationClosesAt: null });
    expect((await app.inject({ url: '/api/signup/status' })).json()).toMatchObject({ open: false, opensAt: '2099-03-01T09:00:00Z' });
    const { res } = await register(app);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Registration for the \d{4} rally opens on 1 March 2099\.$/);
  });

  it('refuses public registrations after the closing date, with a clear message, while organisers can still add a team', async () => {
    await changeSettings(app, organiser.cookie, { registrationOpensAt: null, registrationClosesAt: '2020-01-01T00:00:00Z' });
    expect((await app.inject({ url: '/api/signup/status' })).json()).toEqual({
      open: false,
      full: false,
      phase: 'closed',
      opensAt: null,
      closesAt: '2020-01-01T00:00:00Z',
      resultsPublished: false,
    });
    const { res } = await register(app);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Registration for the \d{4} rally is closed\.$/);
    expect(await app.db.select().from(signups)).toEqual([]);

    const added = await app.inject({ method: 'POST', url: '/api/signups', payload: teamInput(), headers: { cookie: organiser.cookie } });
    expect(added.statusCode).toBe(201);
  });
});
