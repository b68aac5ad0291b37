import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { donations, signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { only } from '../../test/rows';
import { CO_DRIVER_EDITS_ONLY, DRIVER_INVITES_ONLY, DRIVER_ONLY, NOT_YOUR_OWN, ON_ANOTHER_TEAM } from './co-driver';
import { answerInvitation, invitationToken } from '../../test/invitations';
import { coDriverViewSchema } from '../../../common/schemas/signup';
import { ALREADY_ON_A_TEAM, INVITATION_INVALID } from '../../services/team-invitations';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let n = 0;
const address = (who: string) => `${who}${++n}-${Date.now()}@example.test`;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });

const teamRow = async (id: number) => only(await app.db.select().from(signups).where(eq(signups.id, id)));

/** A driver signed in with a team registered through the API. */
async function driverWithTeam(overrides = {}) {
  const { user, cookie } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    payload: teamInput({ driverEmail: user.email, ...overrides }),
    headers: { cookie },
  });
  return { user, cookie, signupId: res.json().id as number };
}

const invite = (cookie: string, email: string, firstName = 'Sam') =>
  call('POST', '/api/my-dashboard/team/co-driver', cookie, { firstName, lastName: 'Le Gallais', email });

/**
 * A team registered by a signed-in driver, whose named co-driver has a verified account and
 * accepted from the invitation e-mail: the co-driver's cookie and address.
 */
async function teamWithJoinedCoDriver(overrides = {}) {
  const driver = await driverWithTeam(overrides);
  const email = address('joined');
  const coDriver = await signUp(app, { email });
  expect((await invite(driver.cookie, email)).statusCode).toBe(200);
  expect((await answerInvitation(app, invitationToken(app, email), 'accept', coDriver.cookie)).statusCode).toBe(200);
  return { driver, coDriver: { ...coDriver, email } };
}

/** A stored team with its driver's and its co-driver's accounts, as an accepted invitation (or the migration) leaves it. */
async function storedTeamWithCoDriver(overrides: Partial<typeof signups.$inferInsert> = {}) {
  const driver = await signUp(app);
  const email = address('co');
  const coDriver = await signUp(app, { email });
  const team = await insertTeam(app.db, {
    userId: driver.user.id,
    driverEmail: driver.user.email,
    coDriverEmail: email,
    coDriverUserId: coDriver.user.id,
    coDriverAcceptedAt: new Date(),
    ...overrides,
  });
  return { team, driver: { ...driver, signupId: team.id }, coDriver: { ...coDriver, email } };
}

describe('a co-driver on the dashboard', () => {
  it("gets the co-driver's view: the team and their own details, none of the driver's private fields", async () => {
    const { driver, coDriver } = await storedTeamWithCoDriver({
      driverPassport: 'X1234567',
      medicalConditions: 'Asthma',
      dietaryRequirements: 'Vegan',
    });
    await call('PATCH', '/api/my-signup', coDriver.cookie, { coDriverPhone: '+44 7700 900321', coDriverPassport: 'P55556666' });
    const res = await call('GET', '/api/my-signup', coDriver.cookie);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ id: driver.signupId, role: 'co-driver', coDriverEmail: coDriver.email, coDriverPassport: '•••••6666' });
    for (const secret of [driver.user.email, '4567', '900123', 'Rue des Pres', 'Asthma', 'Vegan', 'Tom Le Brocq', '900456', 'Brother'])
      expect(res.body).not.toContain(secret);
    // Exactly the co-driver's fields: nothing of the driver's contact, passport, medical or emergency details, nor settings.
    expect(Object.keys(view).sort()).toEqual(Object.keys(coDriverViewSchema.shape).sort());
  });

  it('sees nothing of a team that merely names their verified address', async () => {
    const email = address('named');
    await insertTeam(app.db, { coDriverEmail: `  ${email.toUpperCase()} ` });
    const { cookie } = await signUp(app, { email });
    expect((await call('GET', '/api/my-signup', cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/my-donations', cookie)).json()).toEqual([]);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 500, paymentMethod: 'cash', donorName: 'Gran' })).statusCode).toBe(
      404,
    );
  });

  it('edits their own details and the sponsors, and records a donation', async () => {
    const { driver, coDriver } = await storedTeamWithCoDriver();
    const sponsors = [{ name: 'Garage', url: 'https://example.org/garage' }];
    const res = await call('PATCH', '/api/my-signup', coDriver.cookie, {
      coDriverFirstName: 'Sam',
      coDriverLastName: 'Le Gallais',
      coDriverPhone: '+44 7700 900777',
      coDriverAddress: '2 Rue du Port, Gorey',
      coDriverPassport: 'P98765432',
      sponsors,
    });
    expect(res.statusCode).toBe(200);
    // The passport is written, never read back whole; the answer is the co-driver's view.
    expect(res.json()).toMatchObject({ role: 'co-driver', coDriverFirstName: 'Sam', coDriverPassport: '•••••5432', sponsors });
    expect(res.json()).not.toHaveProperty('driverPhone');
    expect(await teamRow(driver.signupId)).toMatchObject({ coDriverPhone: '+44 7700 900777', coDriverPassport: 'P98765432', sponsors });

    const donation = await call('POST', '/api/my-donations', coDriver.cookie, {
      amount: 2500,
      paymentMethod: 'cash',
      donorName: 'Aunt May',
    });
    expect(donation.statusCode).toBe(201);
    expect(only(await app.db.select().from(donations).where(eq(donations.id, donation.json().id))).signupId).toBe(driver.signupId);
  });

  it("cannot change the driver's details: 403 and nothing changes", async () => {
    const { driver, coDriver } = await storedTeamWithCoDriver();
    const before = await teamRow(driver.signupId);
    for (const change of [
      { driverPhone: '000' },
      { driverPassport: 'Z1' },
      { coDriverPhone: '+44 1', driverAddress: 'Elsewhere' },
      { teamName: 'Mine now' },
    ]) {
      const res = await call('PATCH', '/api/my-signup', coDriver.cookie, change);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CO_DRIVER_EDITS_ONLY);
    }
    expect(await teamRow(driver.signupId)).toEqual(before);
  });

  it("cannot change the team's target, story or e-mail settings: 403 and nothing changes", async () => {
    const { driver, coDriver } = await storedTeamWithCoDriver();
    const before = await teamRow(driver.signupId);
    for (const change of [{ fundraisingTarget: 999_900 }, { story: 'Mine now' }, { newDonationEmails: false }]) {
      const res = await call('PATCH', '/api/my-dashboard/team/fundraising', coDriver.cookie, change);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DRIVER_ONLY);
    }
    expect(await teamRow(driver.signupId)).toEqual(before);
    // The driver still can.
    expect((await call('PATCH', '/api/my-dashboard/team/fundraising', driver.cookie, { story: 'Ours' })).json()).toMatchObject({
      story: 'Ours',
    });
  });
});

describe('the driver invites a co-driver', () => {
  it('sets the co-driver and e-mails a single-use link on which they accept; the team shows only then', async () => {
    const { cookie, signupId } = await driverWithTeam({ teamName: 'Fish & <Chips>' });
    const email = address('invited');
    const res = await invite(cookie, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'driver', coDriverFirstName: 'Sam', coDriverEmail: email, coDriverStatus: 'invited' });
    expect(await teamRow(signupId)).toMatchObject({ coDriverFirstName: 'Sam', coDriverLastName: 'Le Gallais', coDriverEmail: email });

    const mail = app.mail.sent.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toContain('Fish & <Chips>');
    expect(mail.html).toContain('Fish &amp; &lt;Chips&gt;');
    expect(mail.html).not.toContain('<Chips>');
    const token = invitationToken(app, email);

    // Verified, but not yet accepted: nothing to see.
    const coDriver = await signUp(app, { email });
    expect((await call('GET', '/api/my-signup', coDriver.cookie)).statusCode).toBe(404);
    const row = await teamRow(signupId);
    expect((await answerInvitation(app, token, 'view')).json()).toEqual({
      role: 'co-driver',
      teamName: 'Fish & <Chips>',
      rallyYear: row.rallyYear,
      driverName: `${row.driverFirstName} ${row.driverLastName}`,
      email,
      firstName: 'Sam',
      lastName: 'Le Gallais',
      car: [row.carYear, row.carMake, row.carModel].filter(Boolean).join(' ') || null,
    });
    const accepted = await answerInvitation(app, token, 'accept', coDriver.cookie);
    expect(accepted.json()).toEqual({ ok: true, teamName: 'Fish & <Chips>', onMyDashboard: true });
    expect((await call('GET', '/api/my-signup', coDriver.cookie)).json()).toMatchObject({ id: signupId, role: 'co-driver' });
    expect((await call('GET', '/api/my-signup', cookie)).json()).toMatchObject({ coDriverStatus: 'joined' });
    // The link answers once.
    expect((await answerInvitation(app, token, 'accept')).statusCode).toBe(404);
  });

  it("changing the co-driver ends the old one's access at once, drops their details and their link", async () => {
    const { driver, coDriver: old } = await teamWithJoinedCoDriver();
    await call('PATCH', '/api/my-signup', old.cookie, { coDriverPhone: '+44 7700 900111', coDriverPassport: 'P11112222' });
    expect((await call('GET', '/api/my-signup', old.cookie)).statusCode).toBe(200);

    const second = address('second');
    expect((await invite(driver.cookie, second, 'Jo')).json()).toMatchObject({ coDriverStatus: 'invited' });
    expect((await call('GET', '/api/my-signup', old.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/my-signup', old.cookie, { coDriverPhone: '1' })).statusCode).toBe(404);
    expect(await teamRow(driver.signupId)).toMatchObject({
      coDriverFirstName: 'Jo',
      coDriverEmail: second,
      coDriverPhone: null,
      coDriverPassport: null,
      coDriverUserId: null,
      coDriverAcceptedAt: null,
    });
    const third = address('third');
    const secondToken = invitationToken(app, second);
    await invite(driver.cookie, third);
    // The second person's link no longer names the team's co-driver.
    const late = await answerInvitation(app, secondToken, 'accept');
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(INVITATION_INVALID);
  });

  it('is for the driver only: a co-driver gets 403 and nothing changes', async () => {
    const { driver, coDriver } = await teamWithJoinedCoDriver();
    const before = await teamRow(driver.signupId);
    const sent = app.mail.sent.length;
    const res = await invite(coDriver.cookie, address('friend'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DRIVER_INVITES_ONLY);
    expect(await teamRow(driver.signupId)).toEqual(before);
    expect(app.mail.sent.length).toBe(sent);
    // Nor may anyone move the co-driver address through the details form.
    expect((await call('PATCH', '/api/my-signup', coDriver.cookie, { coDriverEmail: address('x') })).statusCode).toBe(400);
  });

  it('refuses an address already on another team this year (409), and the driver’s own address', async () => {
    const { cookie, signupId } = await driverWithTeam();
    const before = await teamRow(signupId);
    const other = await teamWithJoinedCoDriver();
    for (const taken of [other.driver.user.email, other.coDriver.email.toUpperCase()]) {
      const res = await invite(cookie, taken);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ON_ANOTHER_TEAM);
    }
    expect((await invite(cookie, before.driverEmail)).json().message).toBe(NOT_YOUR_OWN);
    expect(await teamRow(signupId)).toEqual(before);
    // Last year's teams do not count.
    const lastYear = await insertTeam(app.db, { rallyYear: before.rallyYear - 1 });
    expect((await invite(cookie, lastYear.driverEmail)).statusCode).toBe(200);
  });

  it('limits how many invitations one account sends', async () => {
    const { cookie } = await driverWithTeam();
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await invite(cookie, address('many'))).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('an invitation is needed to be on a team (anonymous registrations)', () => {
  const register = (payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/signups', payload, headers: cookie ? { cookie } : {} });

  it('naming a verified person as co-driver puts nothing on their dashboard and does not block their own team', async () => {
    const email = address('victim');
    const victim = await signUp(app, { email });
    expect((await register(teamInput({ coDriverFirstName: 'Vic', coDriverEmail: email }))).statusCode).toBe(201);
    expect((await call('GET', '/api/my-signup', victim.cookie)).statusCode).toBe(404);
    const own = await register(teamInput({ driverEmail: email }), victim.cookie);
    expect(own.statusCode).toBe(201);
    expect((await call('GET', '/api/my-signup', victim.cookie)).json()).toMatchObject({ id: own.json().id, role: 'driver' });
  });

  it('the named co-driver is e-mailed an invitation at registration, and accepting is refused (409) while they have a team this year', async () => {
    const email = address('busy');
    const person = await signUp(app, { email });
    const named = await register(teamInput({ coDriverFirstName: 'Bea', coDriverEmail: email }));
    const token = invitationToken(app, email);
    await register(teamInput({ driverEmail: email }), person.cookie);
    const res = await answerInvitation(app, token, 'accept', person.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ALREADY_ON_A_TEAM);
    expect(await teamRow(named.json().id)).toMatchObject({ coDriverAcceptedAt: null, coDriverUserId: null });
  });

  it('declining clears the named co-driver, tells the driver, and the driver sees it declined', async () => {
    const { cookie, signupId, user } = await driverWithTeam();
    const email = address('decliner');
    await invite(cookie, email);
    const token = invitationToken(app, email);
    const res = await answerInvitation(app, token, 'decline');
    expect(res.json()).toMatchObject({ ok: true, onMyDashboard: false });
    expect(await teamRow(signupId)).toMatchObject({ coDriverFirstName: null, coDriverEmail: null, coDriverUserId: null });
    const notice = app.mail.sent.at(-1)!;
    expect(notice.to).toBe(user.email);
    expect(notice.subject).toBe(`Sam Le Gallais declined to join ${(await teamRow(signupId)).teamName}`);
    expect((await call('GET', '/api/my-signup', cookie)).json()).toMatchObject({ coDriverStatus: 'declined', coDriverEmail: null });
    // The declined link cannot then accept.
    expect((await answerInvitation(app, token, 'accept')).statusCode).toBe(404);
  });

  it('accepting before having an account: the team shows once the address is verified', async () => {
    const email = address('later');
    const team = await register(teamInput({ coDriverFirstName: 'Lou', coDriverEmail: email }));
    expect((await answerInvitation(app, invitationToken(app, email), 'accept')).json()).toMatchObject({ ok: true, onMyDashboard: false });
    const { cookie } = await signUp(app, { email });
    expect((await call('GET', '/api/my-signup', cookie)).json()).toMatchObject({ id: team.json().id, role: 'co-driver' });
  });

  it("a verified person's address registered as driver by someone else claims nothing until they confirm from the e-mail", async () => {
    const email = address('owner');
    const owner = await signUp(app, { email });
    const team = await register(teamInput({ driverEmail: email }));
    expect(team.statusCode).toBe(201);
    expect((await call('GET', '/api/my-signup', owner.cookie)).statusCode).toBe(404);
    const token = invitationToken(app, email);
    expect((await answerInvitation(app, token, 'view')).json()).toMatchObject({ role: 'driver' });
    expect((await answerInvitation(app, token, 'accept', owner.cookie)).json()).toMatchObject({ ok: true, onMyDashboard: true });
    expect((await call('GET', '/api/my-signup', owner.cookie)).json()).toMatchObject({ id: team.json().id, role: 'driver' });
  });

  it('refuses a malformed or unknown link with a clear message', async () => {
    expect((await answerInvitation(app, 'short', 'accept')).statusCode).toBe(400);
    const res = await answerInvitation(app, 'x'.repeat(43), 'decline');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(INVITATION_INVALID);
  });
});
