import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sessionCookie, signUp, signUpAdmin, verifyEmail } from '../../test/auth';
import { teamInput } from '../../../common/factories';
import { answerInvitation, invitationToken } from '../../test/invitations';
import { NO_PENDING_INVITATION, DRIVER_INVITES_ONLY } from './co-driver';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let n = 0;
const address = (who: string) => `${who}${++n}-${Date.now()}@example.test`;

const dashboard = (cookie?: string) => app.inject({ url: '/api/my-dashboard', headers: cookie ? { cookie } : {} });
const register = (payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/signups', payload, headers: cookie ? { cookie } : {} });
const resend = (cookie: string) => app.inject({ method: 'POST', url: '/api/my-dashboard/team/co-driver/resend', headers: { cookie } });

describe('what the dashboard shows (GET /api/my-dashboard)', () => {
  it('needs a login', async () => {
    expect((await dashboard()).statusCode).toBe(401);
  });

  it('an account with no team: 200 and state none, never a 404', async () => {
    const { cookie } = await signUp(app);
    const res = await dashboard(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'none' });
  });

  it('an unconfirmed account whose address registered a team: state unconfirmed with the address, no team details', async () => {
    const team = teamInput({ driverEmail: address('driver') });
    expect((await register(team)).statusCode).toBe(201);
    const { user, cookie } = await signUp(app, { email: team.driverEmail, verified: false });
    const res = await dashboard(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'unconfirmed', email: team.driverEmail });

    // Confirming the address shows the team.
    const verified = await verifyEmail(app, user.id, cookie);
    const after = (await dashboard(sessionCookie(verified))).json();
    expect(after).toMatchObject({ state: 'team', team: { teamName: team.teamName, role: 'driver' } });
  });

  it('an unconfirmed account of a co-driver who accepted the invitation: unconfirmed; one only named: none', async () => {
    const accepted = address('accepted');
    const named = address('named');
    await register(teamInput({ coDriverFirstName: 'Lou', coDriverEmail: accepted }));
    await register(teamInput({ coDriverFirstName: 'Nat', coDriverEmail: named }));
    expect((await answerInvitation(app, invitationToken(app, accepted), 'accept')).statusCode).toBe(200);
    const acceptedAccount = await signUp(app, { email: accepted, verified: false });
    const namedAccount = await signUp(app, { email: named, verified: false });
    expect((await dashboard(acceptedAccount.cookie)).json()).toEqual({ state: 'unconfirmed', email: accepted });
    expect((await dashboard(namedAccount.cookie)).json()).toEqual({ state: 'none' });
  });

  it('an unconfirmed account whose address has no registration: none', async () => {
    const { cookie } = await signUp(app, { verified: false });
    expect((await dashboard(cookie)).json()).toEqual({ state: 'none' });
  });

  it('a team: the same view of it GET /api/my-signup gives', async () => {
    const { user, cookie } = await signUp(app);
    const created = await register(teamInput({ driverEmail: user.email }), cookie);
    const res = (await dashboard(cookie)).json();
    expect(res.state).toBe('team');
    expect(res.team).toEqual((await app.inject({ url: '/api/my-signup', headers: { cookie } })).json());
    expect(res.team).toMatchObject({ id: created.json().id, role: 'driver' });
  });

  it('an organiser without a team: none (the page shows the way to the admin)', async () => {
    const { cookie } = await signUpAdmin(app);
    expect((await dashboard(cookie)).json()).toEqual({ state: 'none' });
  });
});

describe('the co-driver named on the registration form', () => {
  it('is e-mailed the invitation naming the team and the driver, with a link to the invitation page', async () => {
    const coDriverEmail = address('named-on-form');
    const team = teamInput({
      coDriverFirstName: 'Sam',
      coDriverLastName: 'Le Gallais',
      coDriverEmail,
      carMake: 'Morris',
      carModel: 'Minor',
    });
    expect((await register(team)).statusCode).toBe(201);
    const mail = app.mail.sent.filter((m) => m.to === coDriverEmail);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`${team.driverFirstName} ${team.driverLastName} has named you co-driver of ${team.teamName}`);
    expect(mail[0]!.text).toContain('Dear Sam,');
    expect(mail[0]!.text).toMatch(/\/team-invitation\?token=[\w-]+/);
    // The page it opens knows the team, the driver, the person and the car.
    const view = await answerInvitation(app, invitationToken(app, coDriverEmail), 'view');
    expect(view.json()).toEqual({
      role: 'co-driver',
      teamName: team.teamName,
      rallyYear: expect.any(Number),
      driverName: `${team.driverFirstName} ${team.driverLastName}`,
      email: coDriverEmail,
      firstName: 'Sam',
      lastName: 'Le Gallais',
      car: 'Morris Minor',
    });
  });

  it('the driver’s dashboard link in the confirmation e-mail fills in the address when signed out', async () => {
    const team = teamInput({ driverEmail: address('link') });
    await register(team);
    const confirmation = app.mail.sent.find((m) => m.to === team.driverEmail && m.subject.startsWith('Registration received'));
    expect(confirmation?.text).toContain(`/dashboard?${new URLSearchParams({ email: team.driverEmail })}`);
  });
});

describe('the driver sends a pending invitation again (POST /api/my-dashboard/team/co-driver/resend)', () => {
  async function driverWithInvitedCoDriver() {
    const driver = await signUp(app);
    const coDriverEmail = address('pending');
    await register(teamInput({ driverEmail: driver.email, coDriverFirstName: 'Pat', coDriverEmail }), driver.cookie);
    return { driver, coDriverEmail };
  }

  it('e-mails a fresh link; the older one stops working', async () => {
    const { driver, coDriverEmail } = await driverWithInvitedCoDriver();
    const first = invitationToken(app, coDriverEmail);
    const res = await resend(driver.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ coDriverStatus: 'invited', coDriverEmail });
    const second = invitationToken(app, coDriverEmail);
    expect(second).not.toBe(first);
    expect((await answerInvitation(app, first, 'view')).statusCode).toBe(404);
    expect((await answerInvitation(app, second, 'view')).statusCode).toBe(200);
  });

  it('only while an invitation waits: 409 once the co-driver joined, and for a team with none', async () => {
    const { driver, coDriverEmail } = await driverWithInvitedCoDriver();
    await answerInvitation(app, invitationToken(app, coDriverEmail), 'accept');
    const alone = await signUp(app);
    await register(teamInput({ driverEmail: alone.email }), alone.cookie);
    const sentBefore = app.mail.sent.length;
    const joined = await resend(driver.cookie);
    expect(joined.statusCode).toBe(409);
    expect(joined.json().message).toBe(NO_PENDING_INVITATION);
    expect((await resend(alone.cookie)).statusCode).toBe(409);
    expect(app.mail.sent.length).toBe(sentBefore);
  });

  it('is the driver’s alone: the co-driver gets 403; an account with no team 404', async () => {
    const { coDriverEmail } = await driverWithInvitedCoDriver();
    const coDriver = await signUp(app, { email: coDriverEmail });
    await answerInvitation(app, invitationToken(app, coDriverEmail), 'accept', coDriver.cookie);
    const res = await resend(coDriver.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DRIVER_INVITES_ONLY);
    expect((await resend((await signUp(app)).cookie)).statusCode).toBe(404);
  });

  it('shares the limit of naming a co-driver', async () => {
    const { driver } = await driverWithInvitedCoDriver();
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await resend(driver.cookie)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
