import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let organiser: { cookie: string };
let season: number;
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
  ({ year: season } = (await app.inject({ url: '/api/settings' })).json() as RallySettings);
});
afterAll(() => app.close());

const years = async () => (await app.inject({ url: '/api/admin/results/years', headers: { cookie: organiser.cookie } })).json() as number[];

describe('the results year picker', () => {
  it('offers only years with a rally, newest first: the current season and the rally history', async () => {
    const offered = await years();
    // The built-in history: 2008 to 2018 without 2014, when there was no rally.
    expect(offered).toEqual([season, 2018, 2017, 2016, 2015, 2013, 2012, 2011, 2010, 2009, 2008]);
    expect(offered).not.toContain(2014);
    expect(offered).not.toContain(season - 1);
  });

  it('adds a year whose teams took part before its rally is in the history, but not a year of withdrawn teams only', async () => {
    await insertTeam(app.db, { rallyYear: season - 2, status: 'confirmed' });
    await insertTeam(app.db, { rallyYear: season - 3, status: 'withdrawn' });
    const offered = await years();
    expect(offered).toContain(season - 2);
    expect(offered).not.toContain(season - 3);
    expect(offered).toEqual([...offered].sort((a, b) => b - a));
  });

  it('is for organisers only', async () => {
    const rallier = await signUp(app);
    expect((await app.inject({ url: '/api/admin/results/years', headers: { cookie: rallier.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/results/years' })).statusCode).toBe(401);
  });
});
