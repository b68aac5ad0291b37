import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { changeSettings } from '../../test/settings';
import { signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import type { AdminTeam } from '../../../common/schemas/registrations';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let rally: RallySettings;
let admin: { cookie: string; email: string };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });

const statusOf = async (id: number) => (await app.db.select({ status: signups.status }).from(signups).where(eq(signups.id, id)))[0]?.status;

/** A signed-in driver registering through the public form. */
async function register() {
  const { user, cookie } = await signUp(app);
  const res = await call('POST', '/api/signups', cookie, teamInput({ driverEmail: user.email }));
  expect(res.statusCode).toBe(201);
  return { user, cookie, id: res.json().id as number, status: res.json().status as string };
}

/** Every e-mail sent since `from`, once the queued ones have gone. */
async function mailSince(from: number) {
  await app.background.idle();
  return app.mail.sent.slice(from);
}

/** The current season with no team in it: each test sets its own car limit. */
async function emptySeason(carLimit: number | null) {
  await app.db.delete(signups);
  expect((await changeSettings(app, admin.cookie, { carLimit })).statusCode).toBe(200);
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
  rally = await app.rallySettings();
});
afterAll(() => app.close());

describe('a team on the waiting list', () => {
  it('is not asked for a deposit in its confirmation e-mail, while a team with a place is', async () => {
    await emptySeason(1);
    const before = app.mail.sent.length;
    const first = await register();
    const second = await register();
    expect([first.status, second.status]).toEqual(['registered', 'waiting_list']);
    const sent = await mailSince(before);
    const toFirst = sent.find((m) => m.to === first.user.email && m.subject.startsWith('Registration received'))!;
    const toSecond = sent.find((m) => m.to === second.user.email && m.subject.startsWith('Registration received'))!;
    expect(toFirst.text).toContain(rally.depositLink);
    expect(toFirst.html).toContain('Pay Deposit Now');
    expect(toSecond.text).toContain('your team is on the waiting list');
    expect(toSecond.text).toContain('ask for the deposit then');
    expect(toSecond.text).not.toContain(rally.depositLink);
    expect(toSecond.text).not.toContain('Pay your deposit');
    expect(toSecond.html).not.toContain('Pay Deposit Now');
    expect(toSecond.html).not.toContain(rally.depositLink);
    // Its costs say the deposit is asked when a place is offered, never "paid when you register".
    expect(toFirst.text).toContain('paid when you register');
    expect(toSecond.text).toContain('a team on the waiting list pays no deposit');
    expect(toSecond.text).not.toContain('paid when you register');
  });

  it('has its place in line on the dashboard, and "full" is public', async () => {
    await emptySeason(1);
    await register();
    const waiting = await register();
    expect((await call('GET', '/api/my-signup', waiting.cookie)).json()).toMatchObject({ status: 'waiting_list', waitingListPosition: 1 });
    const places = (await app.inject({ url: '/api/signup/status' })).json();
    expect(places).toEqual({ open: true, full: true, opensAt: null, closesAt: null, phase: 'open', resultsPublished: false });
  });
});

describe("an organiser's move to the waiting list", () => {
  it('is not undone when a place comes free: the next team in line gets it, until the hold is cleared', async () => {
    await emptySeason(2);
    const leaving = await register();
    const moved = await register();
    const next = await register();
    expect(next.status).toBe('waiting_list');

    // The organiser moves a team with a place to the waiting list: its place goes to the team waiting.
    const move = await call('PATCH', `/api/admin/registrations/${moved.id}/status`, admin.cookie, {
      status: 'waiting_list',
      reason: 'No car yet',
    });
    expect(move.statusCode).toBe(200);
    expect(await statusOf(moved.id)).toBe('waiting_list');
    expect(await statusOf(next.id)).toBe('registered');

    // A place comes free: the held team stays where the organiser put it.
    const before = app.mail.sent.length;
    await call('POST', '/api/my-dashboard/team/withdraw', leaving.cookie, {});
    expect(await statusOf(moved.id)).toBe('waiting_list');
    expect((await mailSince(before)).filter((m) => m.to === moved.user.email)).toEqual([]);
    const listed = (await call('GET', '/api/admin/signups', admin.cookie)).json() as AdminTeam[];
    expect(listed.find((s) => s.id === moved.id)).toMatchObject({ status: 'waiting_list', heldOnWaitingList: true });
    expect(listed.find((s) => s.id === next.id)).toMatchObject({ heldOnWaitingList: false });
    // Held out of the line, it is not counted in it.
    expect((await call('GET', '/api/my-signup', moved.cookie)).json()).toMatchObject({ waitingListPosition: null });

    // Only an organiser clears the hold; then the free place is offered to it.
    expect((await call('PUT', `/api/admin/registrations/${moved.id}/waiting-list-hold`, moved.cookie, { held: false })).statusCode).toBe(
      403,
    );
    const cleared = await call('PUT', `/api/admin/registrations/${moved.id}/waiting-list-hold`, admin.cookie, { held: false });
    expect(cleared.json()).toEqual({ held: false });
    expect(await statusOf(moved.id)).toBe('registered');
    const offered = (await mailSince(before)).filter((m) => m.to === moved.user.email);
    expect(offered.map((m) => m.subject)).toEqual([expect.stringContaining('A place has come free')]);
  });

  it('a team not on the waiting list cannot be held there, and a bad body changes nothing', async () => {
    await emptySeason(null);
    const team = await insertTeam(app.db);
    const refused = await call('PUT', `/api/admin/registrations/${team.id}/waiting-list-hold`, admin.cookie, { held: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Only a team on the waiting list');
    expect((await call('PUT', `/api/admin/registrations/${team.id}/waiting-list-hold`, admin.cookie, { held: 'yes' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/admin/registrations/999999/waiting-list-hold', admin.cookie, { held: false })).statusCode).toBe(404);
    const [row] = await app.db.select().from(signups).where(eq(signups.id, team.id));
    expect(row).toMatchObject({ status: 'registered', heldOnWaitingList: false });
  });
});

describe("the organisers' notifications", () => {
  const notify = (on: boolean, address = '') => ({
    organiserNotifications: { address, teamRegistered: on, depositPaid: on, teamWithdrew: on, placeOffered: on },
  });
  const subjectsTo = (sent: { to: string; subject: string }[], to: string) => sent.filter((m) => m.to === to).map((m) => m.subject);

  beforeEach(async () => emptySeason(1));

  it('tell the support address, by default, when a team registers, pays a deposit, withdraws or is given a place off the waiting list', async () => {
    expect((await changeSettings(app, admin.cookie, notify(true))).statusCode).toBe(200);
    const before = app.mail.sent.length;
    const first = await register();
    const second = await register();
    const deposit = await call('PUT', `/api/admin/deposits/${first.id}`, admin.cookie, {
      amountPence: 50000,
      method: 'bank_transfer',
      paidOn: '2026-02-14',
    });
    expect(deposit.statusCode).toBe(200);
    await call('POST', '/api/my-dashboard/team/withdraw', first.cookie, { reason: 'The car failed its MOT' });
    expect(await statusOf(second.id)).toBe('registered');

    const sent = await mailSince(before);
    const subjects = subjectsTo(sent, rally.supportEmail);
    const suffix = `(${rally.productName} ${rally.year})`;
    const [firstTeam, secondTeam] = [first.id, second.id].map(
      async (id) => (await app.db.select({ n: signups.teamName }).from(signups).where(eq(signups.id, id)))[0]!.n,
    );
    expect(subjects).toEqual([
      `New team: ${await firstTeam} ${suffix}`,
      `New team: ${await secondTeam} ${suffix}`,
      `Deposit paid: ${await firstTeam} ${suffix}`,
      `Team withdrawn: ${await firstTeam} ${suffix}`,
      `Off the waiting list: ${await secondTeam} ${suffix}`,
    ]);
    const withdrawn = sent.find((m) => m.subject.startsWith('Team withdrawn'))!;
    expect(withdrawn.text).toContain('The car failed its MOT');
    expect(sent.find((m) => m.subject.startsWith('Deposit paid'))!.text).toContain('£500');
    expect(sent.find((m) => m.subject.startsWith('New team'))!.text).toContain('/admin');
  });

  it('go to the address set, and each can be turned off', async () => {
    expect((await changeSettings(app, admin.cookie, notify(true, 'crew@rally.example'))).statusCode).toBe(200);
    let before = app.mail.sent.length;
    await register();
    expect(subjectsTo(await mailSince(before), 'crew@rally.example')).toEqual([expect.stringContaining('New team')]);

    expect((await changeSettings(app, admin.cookie, notify(false, 'crew@rally.example'))).statusCode).toBe(200);
    before = app.mail.sent.length;
    const waiting = await register();
    const first = (await app.db.select().from(signups).where(eq(signups.status, 'registered')))[0]!;
    await call('PUT', `/api/admin/deposits/${first.id}`, admin.cookie, { amountPence: 50000, method: 'cash', paidOn: '2026-02-14' });
    await call('PATCH', `/api/admin/registrations/${first.id}/status`, admin.cookie, { status: 'withdrawn' });
    await call('POST', '/api/my-dashboard/team/withdraw', waiting.cookie, {});
    const sent = await mailSince(before);
    expect(sent.filter((m) => m.to === 'crew@rally.example' || m.to === rally.supportEmail)).toEqual([]);
  });

  it('refuse an address that is not one, and change nothing', async () => {
    const refused = await changeSettings(app, admin.cookie, notify(true, 'not an address'));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Notification address must be a valid email address');
    expect((await app.rallySettings()).organiserNotifications.address).not.toBe('not an address');
  });
});

describe('a team the organisers confirm', () => {
  it('is told its place is confirmed, one at a time or several at once', async () => {
    await emptySeason(null);
    const one = await register();
    const two = await register();
    const three = await register();
    const before = app.mail.sent.length;
    expect((await call('PATCH', `/api/admin/registrations/${one.id}/status`, admin.cookie, { status: 'confirmed' })).statusCode).toBe(200);
    const batch = await call('POST', '/api/admin/registrations/status-batch', admin.cookie, {
      ids: [two.id, three.id],
      status: 'confirmed',
    });
    expect(batch.json()).toEqual({ changed: 2, unchanged: 0 });
    // Another move tells the team nothing of the kind.
    await call('PATCH', `/api/admin/registrations/${three.id}/status`, admin.cookie, { status: 'deposit_paid' });
    const sent = await mailSince(before);
    for (const team of [one, two, three]) {
      const confirmed = sent.filter((m) => m.to === team.user.email && m.subject.startsWith('Your place is confirmed'));
      expect(confirmed).toHaveLength(1);
      expect(confirmed[0]!.text).toContain('/dashboard');
    }
  });
});
