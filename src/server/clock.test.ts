import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, TEST_SEASON_CLOCK, type TestApp } from './test/app';
import { signUp, signUpAdmin } from './test/auth';
import { insertTeam } from './test/factories';
import { rendererDirFor } from './plugins/server-renderer';
import { teamInput } from '../common/factories';
import type { RegistrationStatus } from '../common/schemas/entry-status';
import type { MyTeamView } from '../common/schemas/signup';

// A build whose server-side renderer renders the moment it was told the season's clock is held at.
const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Rally</title></head><body><div id="root"></div></body></html>',
);
mkdirSync(rendererDirFor(webDir));
writeFileSync(
  path.join(rendererDirFor(webDir), 'entry-server.js'),
  `export async function renderPage(url, settings, fetchPublic, fixedClock) {
    return { html: '<p>rendered at ' + fixedClock + '</p>', state: { queries: [] } };
  }`,
);

const status = async (app: TestApp) => (await app.inject({ url: '/api/signup/status' })).json() as RegistrationStatus;
const register = async (app: TestApp) => {
  const driver = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    headers: { cookie: driver.cookie },
    payload: teamInput({ driverEmail: driver.email }),
  });
  return { ...driver, res };
};
const clockBlock = (html: string) => /<script type="application\/json" id="rally-clock">([^<]*)<\/script>/.exec(html)?.[1];

describe('the season clock held before the rally (the tests’ default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ webDir });
  });
  afterAll(() => app.close());

  it('takes registrations whatever the real date, and the pages tell the browser the same instant', async () => {
    expect(await status(app)).toMatchObject({ open: true, phase: 'open' });
    const driver = await register(app);
    expect(driver.res.statusCode).toBe(201);
    const mine = (await app.inject({ url: '/api/my-signup', headers: { cookie: driver.cookie } })).json() as MyTeamView;
    expect(mine.rallyOver).toBe(false);
    const html = (await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body;
    expect(JSON.parse(clockBlock(html)!)).toBe(TEST_SEASON_CLOCK);
    expect(html).toContain(`<p>rendered at ${TEST_SEASON_CLOCK}</p>`);
  });

  it("says the held instant in the API's Date header, which the rally app sets its clock by", async () => {
    const res = await app.inject({ url: '/api/signup/status' });
    expect(res.headers.date).toBe(new Date(TEST_SEASON_CLOCK).toUTCString());
  });
});

describe('the season clock held after the rally', () => {
  let app: TestApp;
  let year: number;
  beforeAll(async () => {
    app = await createTestApp({ webDir });
    const { rallyEnd } = await app.rallySettings();
    year = (await app.rallySettings()).year;
    // The day after the last rally day, at noon: this app's clock is fixed when it is made.
    await app.close();
    const after = new Date(`${rallyEnd}T12:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 1);
    app = await createTestApp({ webDir, env: { RALLY_CLOCK: after.toISOString() } });
  });
  afterAll(() => app.close());

  it('closes registration, saying the rally has finished, and tells a team its rally is over', async () => {
    expect(await status(app)).toMatchObject({ open: false, phase: 'finished' });
    const refused = await register(app);
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json().message).toMatch(new RegExp(`^The ${year} rally has finished`));
    const rallier = await signUp(app);
    await insertTeam(app.db, { rallyYear: year, userId: rallier.user.id, driverEmail: rallier.email, status: 'confirmed' });
    const mine = (await app.inject({ url: '/api/my-signup', headers: { cookie: rallier.cookie } })).json() as MyTeamView;
    expect(mine).toMatchObject({ rallyYear: year, rallyOver: true });
  });

  it('says the results are pending until the organisers publish them, then published (the season story after the rally)', async () => {
    expect(await status(app)).toMatchObject({ phase: 'finished', resultsPublished: false });
    const organiser = await signUpAdmin(app);
    const team = await insertTeam(app.db, { rallyYear: year, teamName: 'Counted Cars', status: 'confirmed' });
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/admin/results/${year}`,
      headers: { cookie: organiser.cookie },
      payload: { results: [{ signupId: team.id, rank: 1, carNumber: 1, score: 100 }] },
    });
    expect(saved.statusCode).toBe(200);
    const published = await app.inject({
      method: 'POST',
      url: `/api/admin/results/${year}/publish`,
      headers: { cookie: organiser.cookie },
    });
    expect(published.statusCode).toBe(200);
    expect(await status(app)).toMatchObject({ phase: 'finished', resultsPublished: true });
  });
});

describe('real time (RALLY_CLOCK unset)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ webDir, env: { RALLY_CLOCK: '' } });
  });
  afterAll(() => app.close());

  it('reads the real clock, and the pages carry no held instant', async () => {
    expect(app.config.RALLY_CLOCK).toBeUndefined();
    expect(Math.abs(app.clock().getTime() - Date.now())).toBeLessThan(5_000);
    const html = (await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body;
    expect(clockBlock(html)).toBeUndefined();
    expect(html).toContain('<p>rendered at null</p>');
    const dated = Date.parse(String((await app.inject({ url: '/api/signup/status' })).headers.date));
    expect(Math.abs(dated - Date.now())).toBeLessThan(5_000);
  });
});
