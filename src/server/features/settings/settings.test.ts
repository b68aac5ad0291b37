import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { changeSettings } from '../../test/settings';
import { insertTeam } from '../../test/factories';
import { auditLog, rallySettings as rallySettingsTable, signups } from '../../db/schema';
import { loadRallySettings } from '../../services/rally-settings';
import { purgeSensitiveData } from '../privacy/retention';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { teamInput } from '../../../common/factories';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const settings = async () => (await app.inject({ url: '/api/settings' })).json() as RallySettings;

describe('rally settings', () => {
  it("start as the spec's facts of the first season, for anyone to read", async () => {
    const s = await settings();
    expect(s).toMatchObject({
      productName: 'Jersey Charity Rally',
      destination: 'Cannes',
      routeLabel: 'St Malo to Cannes',
      carLimit: null,
    });
    expect(s.year).toBeGreaterThanOrEqual(2026);
  });

  it('are changed by an organiser, audited with before and after, and every page follows at once', async () => {
    const before = await settings();
    const res = await changeSettings(app, organiser.cookie, { destination: 'Nice', routeLabel: 'St Malo to Nice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ destination: 'Nice', year: before.year });
    expect(await settings()).toMatchObject({ destination: 'Nice', routeLabel: 'St Malo to Nice' });

    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entry?.details).toEqual({
      changed: {
        destination: { from: before.destination, to: 'Nice' },
        routeLabel: { from: before.routeLabel, to: 'St Malo to Nice' },
      },
    });

    // The served HTML carries them, so the first paint needs no extra request.
    const page = await app.inject({ url: '/teams' });
    expect(page.body).toContain('St Malo to Nice');
  });

  it('refuse bad values with a clear message and change nothing', async () => {
    const before = await settings();
    const blank = await changeSettings(app, organiser.cookie, { productName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Product name is required');
    const dates = await changeSettings(app, organiser.cookie, {
      registrationOpensAt: '2030-05-01T00:00:00Z',
      registrationClosesAt: '2030-04-01T00:00:00Z',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().message).toContain('Registration must close after it opens');
    const limit = await changeSettings(app, organiser.cookie, { carLimit: 0 });
    expect(limit.statusCode).toBe(400);
    expect(await settings()).toEqual(before);
  });

  it('cannot change the year (a new season starts that) nor be changed by a rallier or a visitor', async () => {
    const before = await settings();
    const withYear = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: organiser.cookie },
      payload: { ...before, year: before.year + 1 },
    });
    expect((await settings()).year).toBe(before.year);
    expect(withYear.statusCode === 400 || withYear.json().year === before.year).toBe(true);

    const rallier = await signUp(app);
    expect((await changeSettings(app, rallier.cookie, { destination: 'Rome' })).statusCode).toBe(403);
    expect((await changeSettings(app, '', { destination: 'Rome' })).statusCode).toBe(401);
    expect((await settings()).destination).toBe(before.destination);
  });

  it("offer the event's online giving page: set by an organiser, public, checked, and none for a season saved before it existed", async () => {
    const start = await settings();
    expect(start).toMatchObject({ eventGivingUrl: null, eventGivingLabel: 'Give online by card' });

    for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://example.org/give']) {
      const res = await changeSettings(app, organiser.cookie, { eventGivingUrl: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Event giving page must be a valid URL');
    }
    const blankLabel = await changeSettings(app, organiser.cookie, { eventGivingLabel: ' ' });
    expect(blankLabel.statusCode).toBe(400);
    expect(blankLabel.json().message).toContain('Event giving button text is required');
    expect(await settings()).toEqual(start);

    const url = 'https://www.justgiving.com/charity/jersey-rally';
    const saved = await changeSettings(app, organiser.cookie, { eventGivingUrl: url, eventGivingLabel: 'Give on the rally page' });
    expect(saved.statusCode).toBe(200);
    // Anyone reads it (no cookie): the donate pages of teams without their own page link to it.
    expect(await settings()).toMatchObject({ eventGivingUrl: url, eventGivingLabel: 'Give on the rally page' });

    // An emptied box clears it.
    expect((await changeSettings(app, organiser.cookie, { eventGivingUrl: '' as unknown as null })).json().eventGivingUrl).toBeNull();

    // A season saved before the field existed reads as "no event page" with the default words.
    const [row] = await app.db.select().from(rallySettingsTable).where(eq(rallySettingsTable.year, start.year));
    const { eventGivingUrl: _u, eventGivingLabel: _l, ...older } = row!.settings as RallySettings;
    // The column is typed as today's settings; this row is deliberately an older shape.
    await app.db
      .update(rallySettingsTable)
      .set({ settings: older as RallySettings })
      .where(eq(rallySettingsTable.year, start.year));
    expect(await loadRallySettings(app.db)).toMatchObject({ eventGivingUrl: null, eventGivingLabel: 'Give online by card' });
    await app.db.update(rallySettingsTable).set({ settings: row!.settings }).where(eq(rallySettingsTable.year, start.year));
  });

  it('set the deposit amount and whether the teams page lists only teams that have paid', async () => {
    const registered = await insertTeam(app.db, { teamName: 'Unpaid Team', status: 'registered' });
    const paid = await insertTeam(app.db, { teamName: 'Paid Team', status: 'deposit_paid' });
    const listed = async () => ((await app.inject({ url: '/api/signups' })).json() as { id: number }[]).map((t) => t.id);
    expect(await listed()).toEqual(expect.arrayContaining([registered.id, paid.id]));

    await changeSettings(app, organiser.cookie, { showOnlyPaidTeams: true, depositAmountPence: 35000 });
    expect(await listed()).toContain(paid.id);
    expect(await listed()).not.toContain(registered.id);
    expect((await app.inject({ url: '/api/deposits/settings' })).json()).toMatchObject({ amountPence: 35000 });
  });
});

describe('starting the next season', () => {
  let season: TestApp;
  beforeAll(async () => {
    season = await createTestApp();
  });
  afterAll(() => season.close());

  it("moves every public page to the next year, keeps this year's teams for the organisers, and adds this rally to the history", async () => {
    const organiser = await signUpAdmin(season);
    const before = (await season.inject({ url: '/api/settings' })).json() as RallySettings;
    const oldTeam = await insertTeam(season.db, { teamName: 'Last Season Team' });
    // The tests' clock is months before the rally: the organisers confirm the early start (season-start-guard.test.ts).
    const start = (year: number, cookie = organiser.cookie) =>
      season.inject({ method: 'POST', url: '/api/admin/settings/season', headers: { cookie }, payload: { year, earlyStart: true } });

    const rallier = await signUp(season);
    expect((await start(before.year + 1, rallier.cookie)).statusCode).toBe(403);
    expect((await start(before.year + 2)).statusCode).toBe(409);

    // Two organisers pressing at once start one season.
    const both = await Promise.all([start(before.year + 1), start(before.year + 1)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const started = both.find((r) => r.statusCode === 201)!;
    expect(started.json()).toMatchObject({
      addedToHistory: true,
      settings: { year: before.year + 1, destination: before.destination, tripEnd: `${before.year + 1}${before.tripEnd.slice(4)}` },
    });
    expect(((await season.inject({ url: '/api/settings' })).json() as RallySettings).year).toBe(before.year + 1);
    // A second click names a season that is now current: nothing more happens.
    expect((await start(before.year + 1)).statusCode).toBe(409);

    const history = (await season.inject({ url: '/api/past-rallies' })).json() as { year: number; destination: string }[];
    expect(history.find((r) => r.year === before.year)).toMatchObject({ destination: before.destination });
    const publicTeams = (await season.inject({ url: '/api/signups' })).json() as { id: number }[];
    expect(publicTeams.map((t) => t.id)).not.toContain(oldTeam.id);
    const adminTeams = (await season.inject({ url: '/api/admin/signups', headers: { cookie: organiser.cookie } })).json() as {
      id: number;
    }[];
    expect(adminTeams.map((t) => t.id)).toContain(oldTeam.id);

    // A new registration joins the new season, once the organisers have reviewed its facts.
    expect((await changeSettings(season, organiser.cookie, {})).statusCode).toBe(200);
    const driver = await signUp(season);
    const registered = await season.inject({
      method: 'POST',
      url: '/api/signups',
      headers: { cookie: driver.cookie },
      payload: teamInput({ driverEmail: driver.user.email }),
    });
    expect(registered.statusCode).toBe(201);
    const mine = (await season.inject({ url: '/api/my-signup', headers: { cookie: driver.cookie } })).json() as { rallyYear: number };
    expect(mine.rallyYear).toBe(before.year + 1);
    expect(await season.db.select().from(auditLog).where(eq(auditLog.action, 'season.start'))).toHaveLength(1);

    // Each season's sensitive data is kept until its own last day plus the retention.
    const newTeam = await insertTeam(season.db, { driverPassport: 'GB7654321' });
    await season.db.update(signups).set({ driverPassport: 'GB1234567' }).where(eq(signups.id, oldTeam.id));
    const dayAfter = new Date(`${before.tripEnd}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(await purgeSensitiveData(season.db, { now: dayAfter, retentionDays: 30 })).toBe(0);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 31);
    expect(await purgeSensitiveData(season.db, { now: dayAfter, retentionDays: 30 })).toBeGreaterThanOrEqual(1);
    const passport = async (id: number) => (await season.db.select().from(signups).where(eq(signups.id, id)))[0]?.driverPassport;
    expect(await passport(oldTeam.id)).toBeNull();
    expect(await passport(newTeam.id)).toBe('GB7654321');
  });

  it('refuses dates outside the season, so the countdown and the erasure of sensitive data stay right', async () => {
    const organiser = await signUpAdmin(season);
    const { year } = (await season.inject({ url: '/api/settings' })).json() as RallySettings;
    const res = await changeSettings(season, organiser.cookie, {
      rallyStart: `${year - 1}-09-09`,
      rallyEnd: `${year - 1}-09-12`,
      tripStart: `${year - 1}-09-09`,
      tripEnd: `${year - 1}-09-13`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The first rally day must be in ${year}`);
  });
});
