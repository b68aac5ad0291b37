import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { donations, signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { only } from '../../test/rows';
import { CO_DRIVER_EDITS_ONLY, DRIVER_INVITES_ONLY, NOT_YOUR_OWN, ON_ANOTHER_TEAM } from './co-driver';

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
  call('POST', '/api/my-signup/co-driver', cookie, { firstName, lastName: 'Le Gallais', email });

describe('a co-driver on the dashboard', () => {
  it('sees the team through a verified address that matches the team, ignoring case and spaces', async () => {
    const email = address('sam');
    const team = await insertTeam(app.db, { coDriverEmail: `  ${email.toUpperCase()} `, driverPassport: 'X1234567' });
    const { cookie } = await signUp(app, { email });
    const res = await call('GET', '/api/my-signup', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: team.id, teamName: team.teamName, role: 'co-driver', driverPassport: '•••••4567' });
  });

  it('sees nothing of the team while the address is unverified', async () => {
    const email = address('unverified');
    await insertTeam(app.db, { coDriverEmail: email });
    const { cookie } = await signUp(app, { email, verified: false });
    expect((await call('GET', '/api/my-signup', cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/my-donations', cookie)).json()).toEqual([]);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 500, paymentMethod: 'cash', donorName: 'Gran' })).statusCode).toBe(
      404,
    );
  });

  it('edits their own details and the sponsors, and records a donation', async () => {
    const email = address('own');
    const team = await insertTeam(app.db, { coDriverEmail: email });
    const { cookie } = await signUp(app, { email });
    const sponsors = [{ name: 'Garage', url: 'https://example.org/garage' }];
    const res = await call('PATCH', '/api/my-signup', cookie, {
      coDriverFirstName: 'Sam',
      coDriverLastName: 'Le Gallais',
      coDriverPhone: '+44 7700 900777',
      coDriverAddress: '2 Rue du Port, Gorey',
      coDriverPassport: 'P98765432',
      sponsors,
    });
    expect(res.statusCode).toBe(200);
    // The passport is written, never read back whole.
    expect(res.json()).toMatchObject({ coDriverFirstName: 'Sam', coDriverPassport: '•••••5432', sponsors });
    expect(await teamRow(team.id)).toMatchObject({ coDriverPhone: '+44 7700 900777', coDriverPassport: 'P98765432', sponsors });

    const donation = await call('POST', '/api/my-donations', cookie, { amount: 2500, paymentMethod: 'cash', donorName: 'Aunt May' });
    expect(donation.statusCode).toBe(201);
    expect(only(await app.db.select().from(donations).where(eq(donations.id, donation.json().id))).signupId).toBe(team.id);
  });

  it("cannot change the driver's details: 403 and nothing changes", async () => {
    const email = address('nosy');
    const team = await insertTeam(app.db, { coDriverEmail: email });
    const { cookie } = await signUp(app, { email });
    for (const change of [
      { driverPhone: '000' },
      { driverPassport: 'Z1' },
      { coDriverPhone: '+44 1', driverAddress: 'Elsewhere' },
      { teamName: 'Mine now' },
    ]) {
      const res = await call('PATCH', '/api/my-signup', cookie, change);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CO_DRIVER_EDITS_ONLY);
    }
    expect(await teamRow(team.id)).toEqual(team);
  });
});

describe('the driver invites a co-driver', () => {
  it('sets the co-driver and e-mails an invitation with a link to register with that address', async () => {
    const { cookie, signupId } = await driverWithTeam({ teamName: 'Fish & <Chips>' });
    const email = address('invited');
    const res = await invite(cookie, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'driver', coDriverFirstName: 'Sam', coDriverEmail: email });
    expect(await teamRow(signupId)).toMatchObject({ coDriverFirstName: 'Sam', coDriverLastName: 'Le Gallais', coDriverEmail: email });

    const mail = app.mail.sent.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toContain('Fish & <Chips>');
    expect(mail.text).toContain(`/login?mode=register&email=${encodeURIComponent(email)}`);
    expect(mail.html).toContain('Fish &amp; &lt;Chips&gt;');
    expect(mail.html).not.toContain('<Chips>');

    // The invited address, once verified, sees the team as its co-driver.
    const coDriver = await signUp(app, { email });
    expect((await call('GET', '/api/my-signup', coDriver.cookie)).json()).toMatchObject({ id: signupId, role: 'co-driver' });
  });

  it("changing the co-driver ends the old one's access at once and drops their details", async () => {
    const { cookie, signupId } = await driverWithTeam();
    const first = address('first');
    await invite(cookie, first);
    const old = await signUp(app, { email: first });
    await call('PATCH', '/api/my-signup', old.cookie, { coDriverPhone: '+44 7700 900111', coDriverPassport: 'P11112222' });
    expect((await call('GET', '/api/my-signup', old.cookie)).statusCode).toBe(200);

    const second = address('second');
    expect((await invite(cookie, second, 'Jo')).statusCode).toBe(200);
    expect((await call('GET', '/api/my-signup', old.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/my-signup', old.cookie, { coDriverPhone: '1' })).statusCode).toBe(404);
    expect(await teamRow(signupId)).toMatchObject({
      coDriverFirstName: 'Jo',
      coDriverEmail: second,
      coDriverPhone: null,
      coDriverPassport: null,
    });
  });

  it('is for the driver only: a co-driver gets 403 and nothing changes', async () => {
    const email = address('co');
    const team = await insertTeam(app.db, { coDriverEmail: email });
    const { cookie } = await signUp(app, { email });
    const sent = app.mail.sent.length;
    const res = await invite(cookie, address('friend'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DRIVER_INVITES_ONLY);
    expect(await teamRow(team.id)).toEqual(team);
    expect(app.mail.sent.length).toBe(sent);
    // Nor may anyone move the co-driver address through the details form.
    expect((await call('PATCH', '/api/my-signup', cookie, { coDriverEmail: address('x') })).statusCode).toBe(400);
  });

  it('refuses an address already on another team this year (409), and the driver’s own address', async () => {
    const { cookie, signupId } = await driverWithTeam();
    const before = await teamRow(signupId);
    const other = await insertTeam(app.db, { coDriverEmail: address('taken-co') });
    for (const taken of [other.driverEmail, other.coDriverEmail!.toUpperCase()]) {
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
