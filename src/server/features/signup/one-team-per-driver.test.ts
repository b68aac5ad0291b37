import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { ALREADY_REGISTERED } from '../../services/entry-clash';
import { only } from '../../test/rows';
import { answerInvitation, invitationToken } from '../../test/invitations';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let rally: RallySettings;
beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
});
afterAll(() => app.close());

const post = (payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/signups', payload, headers: cookie ? { cookie } : {} });
const countRows = async () => only(await app.db.select({ n: sql<number>`count(*)::int` }).from(signups)).n;

/** A registered team through the API; its driver address and name. */
async function registered(overrides: object = {}) {
  const body = teamInput(overrides);
  const res = await post(body);
  expect(res.statusCode).toBe(201);
  return { body, id: res.json().id as number };
}

function expectRefusal(res: Awaited<ReturnType<typeof post>>, existing: { id: number; body: { teamName: string } }) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: ALREADY_REGISTERED });
  expect(res.body).not.toContain(existing.body.teamName);
  expect(res.body).not.toMatch(new RegExp(`\\b${existing.id}\\b`));
}

describe('one team per driver per rally year', () => {
  it('refuses a second team with the same driver address in another case with 409, the message and nothing about the first', async () => {
    const first = await registered();
    expect(ALREADY_REGISTERED).toBe('A team for this rally is already registered with this e-mail address. Log in to see it.');
    const before = await countRows();
    const res = await post(
      teamInput({ driverEmail: first.body.driverEmail.replace(/^driver/, 'DRIVER').replace('example.test', 'Example.TEST') }),
    );
    expectRefusal(res, first);
    expect(await countRows()).toBe(before);
  });

  it("refuses a new team whose co-driver address is an existing team's driver address, inserting nothing", async () => {
    const first = await registered();
    const before = await countRows();
    const res = await post(teamInput({ coDriverFirstName: 'Sam', coDriverEmail: first.body.driverEmail.toUpperCase() }));
    expectRefusal(res, first);
    expect(await countRows()).toBe(before);
  });

  it("refuses a new team whose driver address is an existing team's accepted co-driver", async () => {
    const coDriver = `co-${Date.now()}@example.test`;
    const first = await registered({ coDriverEmail: coDriver });
    expect((await answerInvitation(app, invitationToken(app, coDriver), 'accept')).statusCode).toBe(200);
    const before = await countRows();
    expectRefusal(await post(teamInput({ driverEmail: coDriver })), first);
    expect(await countRows()).toBe(before);
  });

  it('lets a named co-driver who has not accepted register a team of their own, which their acceptance then cannot join', async () => {
    const coDriver = `named-${Date.now()}@example.test`;
    await registered({ coDriverEmail: coDriver });
    const token = invitationToken(app, coDriver);
    expect((await post(teamInput({ driverEmail: coDriver }))).statusCode).toBe(201);
    expect((await answerInvitation(app, token, 'accept')).statusCode).toBe(409);
  });

  it("refuses a second anonymous team with a verified person's driver address only once they have confirmed the first", async () => {
    const { user } = await signUp(app);
    await registered({ driverEmail: user.email });
    // Unconfirmed, someone else's registration of the address holds no place, so a second is taken...
    const second = await registered({ driverEmail: user.email });
    expect((await answerInvitation(app, invitationToken(app, user.email), 'accept')).statusCode).toBe(200);
    // ...but once its owner confirms one, the address has its team for the year.
    expectRefusal(await post(teamInput({ driverEmail: user.email })), second);
  });

  it('finds a clash against a stored address with stray case and surrounding spaces', async () => {
    const address = `stored-${Date.now()}@example.test`;
    const old = await insertTeam(app.db, { driverEmail: `  ${address.toUpperCase()}  ` });
    expectRefusal(await post(teamInput({ driverEmail: address })), { id: old.id, body: old });
  });

  it('accepts an address that was on a team in an earlier rally year', async () => {
    const address = `veteran-${Date.now()}@example.test`;
    await insertTeam(app.db, { driverEmail: address, rallyYear: rally.year - 1 });
    expect((await post(teamInput({ driverEmail: address }))).statusCode).toBe(201);
  });

  it('takes public registrations for the current season only', async () => {
    const res = await post(teamInput({ rallyYear: rally.year + 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Registration is open for the ${rally.year} rally only.`);
  });

  it('lets an organiser add a team for an address already on a team this year', async () => {
    const first = await registered();
    const { cookie } = await signUpAdmin(app);
    const before = await countRows();
    const res = await post(teamInput({ driverEmail: first.body.driverEmail }), cookie);
    expect(res.statusCode).toBe(201);
    expect(await countRows()).toBe(before + 1);
  });

  it('refuses a signed-in participant (not an organiser) as it refuses anyone', async () => {
    const { user, cookie } = await signUp(app);
    expect((await post(teamInput({ driverEmail: user.email }), cookie)).statusCode).toBe(201);
    expect((await post(teamInput({ driverEmail: user.email }), cookie)).statusCode).toBe(409);
  });
});

describe("the dashboard shows this year's team", () => {
  it("shows this year's team to an account with a 2024 team too, even when the old one has the higher id", async () => {
    const { user, cookie } = await signUp(app);
    const current = await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: rally.year });
    const old = await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: 2024 });
    expect(old.id).toBeGreaterThan(current.id);
    const res = await app.inject({ method: 'GET', url: '/api/my-signup', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(current.id);
  });

  it("prefers this year's team to a later year's", async () => {
    const { user, cookie } = await signUp(app);
    const current = await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: rally.year });
    await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: rally.year + 1 });
    const res = await app.inject({ method: 'GET', url: '/api/my-signup', headers: { cookie } });
    expect(res.json().id).toBe(current.id);
  });

  it('without a team this year, shows the most recent year, and of two teams that year the newest', async () => {
    const { user, cookie } = await signUp(app);
    await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: 2025 });
    const latest = await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: 2025 });
    await insertTeam(app.db, { userId: user.id, driverEmail: user.email, rallyYear: 2019 });
    const res = await app.inject({ method: 'GET', url: '/api/my-signup', headers: { cookie } });
    expect(res.json().id).toBe(latest.id);
  });
});
