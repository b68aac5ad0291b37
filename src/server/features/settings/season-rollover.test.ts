import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { changeSettings } from '../../test/settings';
import { insertTeam } from '../../test/factories';
import { auditLog, signups, teamResults } from '../../db/schema';
import { reviewFacts, type RallySettings } from '../../../common/schemas/rally-settings';
import type { RegistrationStatus } from '../../../common/schemas/entry-status';
import type { MyTeamView } from '../../../common/schemas/signup';
import { teamInput } from '../../../common/factories';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const settings = async () => (await app.inject({ url: '/api/settings' })).json() as RallySettings;
const registration = async () => (await app.inject({ url: '/api/signup/status' })).json() as RegistrationStatus;
const startSeason = (year: number, earlyStart?: true) =>
  app.inject({ method: 'POST', url: '/api/admin/settings/season', headers: { cookie: organiser.cookie }, payload: { year, earlyStart } });
const register = (cookie: string, email: string) =>
  app.inject({ method: 'POST', url: '/api/signups', headers: { cookie }, payload: teamInput({ driverEmail: email }) });
const dashboard = async (cookie: string) => (await app.inject({ url: '/api/my-signup', headers: { cookie } })).json() as MyTeamView;

describe('the rally dates', () => {
  it('are days in the settings, which the migration made from the spec: rally 9-12 September, trip 9-13', async () => {
    const s = await settings();
    expect(s).toMatchObject({
      rallyStart: `${s.year}-09-09`,
      rallyEnd: `${s.year}-09-12`,
      tripStart: `${s.year}-09-09`,
      tripEnd: `${s.year}-09-13`,
      needsReview: [],
    });
    expect(s).not.toHaveProperty('datesShort');
  });

  it('must hold the rally within the trip, and a bad range changes nothing', async () => {
    const before = await settings();
    const res = await changeSettings(app, organiser.cookie, { tripEnd: `${before.year}-09-11` });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('The trip must include every rally day');
    expect(await settings()).toEqual(before);
  });

  it('close registration once the rally is over, saying so', async () => {
    const { year } = await settings();
    // Early January of the season's year is behind us whenever these tests run (the season is this year's or older).
    expect(
      (await changeSettings(app, organiser.cookie, { rallyStart: `${year}-01-01`, rallyEnd: `${year}-01-02`, tripStart: `${year}-01-01` }))
        .statusCode,
    ).toBe(200);
    expect(await registration()).toMatchObject({ open: false, phase: 'finished' });
    const driver = await signUp(app);
    const refused = await register(driver.cookie, driver.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The ${year} rally has finished, and registration for it is closed. Registration for the ${year + 1} rally opens when its dates are announced.`,
    );
    expect(await app.db.select().from(signups).where(eq(signups.driverEmail, driver.email))).toHaveLength(0);
  });
});

describe('starting the next season', () => {
  let lastSeason: number;
  let lastTeamCookie: string;

  it('opens the new season closed to registration, with its copied facts marked for review', async () => {
    lastSeason = (await settings()).year;
    // Last season's confirmed team, with its result entered by the organisers.
    const rallier = await signUp(app);
    const team = await insertTeam(app.db, {
      rallyYear: lastSeason,
      userId: rallier.user.id,
      driverEmail: rallier.email,
      status: 'confirmed',
    });
    await app.db.insert(teamResults).values({ signupId: team.id, rallyYear: lastSeason, rank: 3, carNumber: 17, score: 420 });
    lastTeamCookie = rallier.cookie;

    // Seasons up to next calendar year, so the new season's days lie ahead whenever this runs.
    const target = Math.max(lastSeason + 1, new Date().getUTCFullYear() + 1);
    // The first follows a rally that is over; a later one follows a copied rally still ahead, so it is confirmed as early.
    for (let year = lastSeason + 1; year <= target; year++)
      expect((await startSeason(year, year > lastSeason + 1 ? true : undefined)).statusCode).toBe(201);
    const s = await settings();
    expect(s.year).toBe(target);
    expect(s.needsReview).toEqual([...reviewFacts]);
    expect(s.rallyStart).toBe(`${target}-01-01`);
    expect(s).toMatchObject({ registrationOpensAt: null, registrationClosesAt: null });
    expect(await registration()).toMatchObject({ open: false, phase: 'preparing' });

    const driver = await signUp(app);
    const refused = await register(driver.cookie, driver.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The ${target} rally is being prepared. Registration opens once its details are announced.`);
  });

  it("tells last season's team that its rally is over, with its result, on the dashboard", async () => {
    const mine = await dashboard(lastTeamCookie);
    expect(mine).toMatchObject({
      rallyYear: lastSeason,
      status: 'confirmed',
      rallyOver: true,
      result: { rank: 3, carNumber: 17, score: 420 },
    });
  });

  it('clears the review marks when an organiser saves the settings, and registration follows its dates', async () => {
    const { year } = await settings();
    const res = await changeSettings(app, organiser.cookie, {
      rallyStart: `${year}-09-09`,
      rallyEnd: `${year}-09-12`,
      tripStart: `${year}-09-09`,
      tripEnd: `${year}-09-13`,
    });
    expect(res.statusCode).toBe(200);
    expect((await settings()).needsReview).toEqual([]);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.details).toMatchObject({ changed: { needsReview: { from: [...reviewFacts], to: [] } } });
    expect(await registration()).toMatchObject({ open: true, phase: 'open' });

    const driver = await signUp(app);
    expect((await register(driver.cookie, driver.email)).statusCode).toBe(201);
    expect(await dashboard(driver.cookie)).toMatchObject({ rallyYear: year, rallyOver: false, result: null });
    // Last season's team is still over, whatever the new season does.
    expect((await dashboard(lastTeamCookie)).rallyOver).toBe(true);
  });
});
