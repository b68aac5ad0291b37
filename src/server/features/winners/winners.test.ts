import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, winners } from '../../db/schema';
import type { WinnerRecord } from '../../../common/schemas/winners';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const publicList = async () => (await app.inject({ url: '/api/winners' })).json() as WinnerRecord[];
const asOrganiser = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: organiser.cookie } });
const audits = (action: string) => app.db.select().from(auditLog).where(eq(auditLog.action, action));
const allRows = () => app.db.select().from(winners).orderBy(winners.year);

describe('winners', () => {
  it('start as the Rally Champions the home page has always shown, for anyone to read', async () => {
    const list = await publicList();
    expect(list.map((w) => w.year)).toEqual([2008, 2009, 2010, 2011, 2012, 2013, 2015, 2016, 2017, 2018]);
    expect(list[0]).toEqual({ year: 2008, destination: 'Monaco', winners: 'Peter Le Sueur & Mark Renouf', teamName: 'The Trailblazers' });
    expect(list.find((w) => w.year === 2015)).toEqual({
      year: 2015,
      destination: 'Paris, France',
      winners: 'Claire Le Gresley & Anna Hamon',
      teamName: 'Les Flâneuses',
    });
  });

  it('are changed by organisers only', async () => {
    const user = await signUp(app);
    const before = await allRows();
    const body = { year: 2019, destination: 'Bordeaux, France', winners: 'A & B', teamName: 'Team' };
    expect((await app.inject({ method: 'POST', url: '/api/admin/winners', payload: body })).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/admin/winners'],
      ['PUT', '/api/admin/winners/2018'],
      ['DELETE', '/api/admin/winners/2018'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'DELETE' ? undefined : body, headers: { cookie: user.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await allRows()).toEqual(before);
  });

  it('refuses bad input with the reasons and changes nothing', async () => {
    const before = await allRows();
    const res = await asOrganiser('POST', '/api/admin/winners', { year: 1800, destination: ' ', winners: '', teamName: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['year', 'destination', 'winners']),
    );
    const put = await asOrganiser('PUT', '/api/admin/winners/2018', { destination: 'Monaco', winners: 'A & B', teamName: '' });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBeTruthy();
    expect((await asOrganiser('POST', '/api/admin/winners', { ...before[0], createdAt: undefined, updatedAt: undefined })).statusCode).toBe(
      409,
    );
    expect((await asOrganiser('PUT', '/api/admin/winners/2014', { destination: 'X', winners: 'Y', teamName: 'Z' })).statusCode).toBe(404);
    expect(await allRows()).toEqual(before);
  });

  it('adds, edits and deletes a row, each audited, and the public list follows at once', async () => {
    const row = { year: 2014, destination: 'Bordeaux, France', winners: 'Zoë Le Cornu & Sam Pallot', teamName: 'Claret Chasers' };
    const added = await asOrganiser('POST', '/api/admin/winners', row);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual(row);
    expect(await publicList()).toContainEqual(row);
    expect((await audits('winner.create'))[0]?.details).toEqual({ after: row });

    const change = { destination: 'Bordeaux, France', winners: 'Zoë Le Cornu & Sam Pallot', teamName: 'The Claret Chasers' };
    const put = await asOrganiser('PUT', '/api/admin/winners/2014', change);
    expect(put.statusCode).toBe(200);
    expect((await publicList()).find((w) => w.year === 2014)?.teamName).toBe('The Claret Chasers');
    expect((await audits('winner.update'))[0]?.details).toEqual({ before: row, after: { year: 2014, ...change } });

    expect((await asOrganiser('DELETE', '/api/admin/winners/2014')).statusCode).toBe(200);
    expect((await publicList()).map((w) => w.year)).not.toContain(2014);
    expect((await audits('winner.delete'))[0]?.targetId).toBe('2014');
    expect((await asOrganiser('DELETE', '/api/admin/winners/2014')).statusCode).toBe(404);
  });
});
