import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { multipartFile } from '../../test/historic-files';
import { auditLog, contacts, historicParticipants, teamResults, type Signup } from '../../db/schema';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { ResultsImport, YearResults } from '../../../common/schemas/results';
import type { WinnerRecord } from '../../../common/schemas/winners';
import type { Participant } from '../../../common/schemas/participants';
import type { PastRally } from '../../../common/schemas/past-rallies';

let app: TestApp;
let organiser: { cookie: string };
let year: number;
let destination: string;
const t: Record<'aces' | 'bay' | 'cats' | 'late' | 'gone', Signup> = {} as never;

beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
  ({ year, destination } = (await app.inject({ url: '/api/settings' })).json() as RallySettings);
  t.aces = await insertTeam(app.db, {
    teamName: 'Alpine Aces',
    driverFirstName: 'José',
    driverLastName: 'Le Feuvre',
    driverEmail: 'jose@example.test',
    coDriverFirstName: 'Ann',
    coDriverLastName: 'Amy',
    coDriverEmail: 'ann.amy@example.test',
    carMake: 'Volvo',
    carModel: '240',
    status: 'confirmed',
  });
  t.bay = await insertTeam(app.db, {
    teamName: 'Bouley Bay',
    driverFirstName: 'Kim',
    driverLastName: 'Vibert',
    driverEmail: 'kim@example.test',
    status: 'deposit_paid',
  });
  t.cats = await insertTeam(app.db, { teamName: 'Catalan Cats', driverFirstName: 'Sam', driverLastName: 'Hamon', status: 'registered' });
  t.late = await insertTeam(app.db, { teamName: 'Late Comers', status: 'waiting_list' });
  t.gone = await insertTeam(app.db, { teamName: 'Gone Home', status: 'withdrawn' });
});
afterAll(() => app.close());

const asOrganiser = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: organiser.cookie } });
const results = async () => (await asOrganiser('GET', `/api/admin/results/${year}`)).json() as YearResults;
const stored = () => app.db.select().from(teamResults).orderBy(teamResults.rank);
const audits = (action: string) => app.db.select().from(auditLog).where(eq(auditLog.action, action));
const save = (rows: object[]) => asOrganiser('PUT', `/api/admin/results/${year}`, { results: rows });
const importFile = (csv: string) => {
  const { payload, headers } = multipartFile('results.csv', Buffer.from(csv));
  return app.inject({
    method: 'POST',
    url: `/api/admin/results/${year}/import`,
    payload,
    headers: { ...headers, cookie: organiser.cookie },
  });
};

describe('results', () => {
  it('are for organisers only', async () => {
    const user = await signUp(app);
    const routes = [
      ['GET', `/api/admin/results/${year}`],
      ['PUT', `/api/admin/results/${year}`],
      ['POST', `/api/admin/results/${year}/import`],
      ['POST', `/api/admin/results/${year}/publish`],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'PUT' ? { results: [{ signupId: t.aces.id, rank: 1, carNumber: 1, score: 1 }] } : undefined;
      expect((await app.inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await app.inject({ method, url, payload, headers: { cookie: user.cookie } })).statusCode, url).toBe(403);
    }
    expect(await stored()).toEqual([]);
  });

  it("list the year's teams that took part (not withdrawn, not waiting), none published yet", async () => {
    const answer = await results();
    expect(answer.publishedTeams).toBe(0);
    expect(answer.teams.map((x) => x.teamName)).toEqual(['Alpine Aces', 'Bouley Bay', 'Catalan Cats']);
    expect(answer.teams[0]).toEqual({
      signupId: t.aces.id,
      teamName: 'Alpine Aces',
      driverName: 'José Le Feuvre',
      coDriverName: 'Ann Amy',
      rank: null,
      carNumber: null,
      score: null,
    });
  });

  it('refuse bad results with the reasons and change nothing', async () => {
    const cases: [object[], string][] = [
      [[{ signupId: t.aces.id, rank: 0, carNumber: 1, score: 10 }], 'Rank must be 1 or more'],
      [[{ signupId: t.aces.id, rank: 1.5, carNumber: 1, score: 10 }], 'Rank must be a whole number'],
      [[{ signupId: t.aces.id, rank: 1, carNumber: null, score: 10 }], 'Car number is required'],
      [[{ signupId: t.aces.id, rank: 1, carNumber: 7, score: 'lots' }], 'Score must be a number'],
      [[{ signupId: t.gone.id, rank: 1, carNumber: 7, score: 1 }], 'That team is not one of the teams of this year'],
      [[{ signupId: t.late.id, rank: 1, carNumber: 7, score: 1 }], 'That team is not one of the teams of this year'],
      [
        [
          { signupId: t.aces.id, rank: 1, carNumber: 7, score: 1 },
          { signupId: t.bay.id, rank: 1, carNumber: 8, score: 1 },
        ],
        'Rank 1 is also given to Bouley Bay',
      ],
    ];
    for (const [rows, message] of cases) {
      const res = await save(rows);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toBe(message);
    }
    const clash = await save([
      { signupId: t.aces.id, rank: 1, carNumber: 7, score: 1 },
      { signupId: t.bay.id, rank: 2, carNumber: 7, score: 1 },
    ]);
    expect(clash.json().issues).toEqual([
      { path: ['results', 0, 'carNumber'], message: 'Car number 7 is also given to Bouley Bay' },
      { path: ['results', 1, 'carNumber'], message: 'Car number 7 is also given to Alpine Aces' },
    ]);
    expect(await stored()).toEqual([]);
    expect(await audits('results.save')).toEqual([]);
  });

  it('save one row or all at once, let two teams swap, clear a row, each save audited', async () => {
    expect((await save([{ signupId: t.aces.id, rank: 2, carNumber: 11, score: 870 }])).statusCode).toBe(200);
    const all = await save([
      { signupId: t.bay.id, rank: 1, carNumber: 12, score: 910 },
      { signupId: t.cats.id, rank: 3, carNumber: 13, score: null },
    ]);
    expect(all.statusCode).toBe(200);
    expect(all.json().teams.map((x: { teamName: string; rank: number }) => `${x.rank} ${x.teamName}`)).toEqual([
      '1 Bouley Bay',
      '2 Alpine Aces',
      '3 Catalan Cats',
    ]);
    // A rank the other team holds, given in the same save as that team's new one.
    const swap = await save([
      { signupId: t.aces.id, rank: 1, carNumber: 11, score: 950 },
      { signupId: t.bay.id, rank: 2, carNumber: 12, score: 910 },
    ]);
    expect(swap.statusCode).toBe(200);
    // A rank another team keeps is refused.
    expect((await save([{ signupId: t.cats.id, rank: 1, carNumber: 13, score: 1 }])).json().message).toBe(
      'Rank 1 is also given to Alpine Aces',
    );
    expect((await save([{ signupId: t.cats.id, rank: null, carNumber: null, score: null }])).statusCode).toBe(200);
    expect((await stored()).map((r) => [r.signupId, r.rallyYear, r.rank, r.carNumber, r.score])).toEqual([
      [t.aces.id, year, 1, 11, 950],
      [t.bay.id, year, 2, 12, 910],
    ]);
    const saves = await audits('results.save');
    expect(saves).toHaveLength(4);
    expect(saves.at(-1)?.details).toEqual({
      changes: [{ signupId: t.cats.id, team: 'Catalan Cats', before: { rank: 3, carNumber: 13, score: null }, after: null }],
    });
  });

  it('import a spreadsheet: rows matched by name (any case, spaces or accents) or e-mail, the rest skipped with reasons', async () => {
    const csv = [
      'Year,First Name,Last Name,Email,Rank,Car Number,Score',
      `${year},  jose , LE FEUVRE,,1,11,960`,
      `${year},Someone,Else,kim@example.test,2,12,905`,
      `${year},Ann,Amy,,3,14,1`,
      `${year - 1},Sam,Hamon,,3,13,700`,
      `${year},Nobody,Known,nobody@example.test,4,15,1`,
      `${year},Sam,Hamon,,first,13,700`,
      `${year},Sam,Hamon,,3,12,700`,
      '',
      `${year},Sam,Hamon,,3,13,`,
    ].join('\n');
    const res = await importFile(csv);
    expect(res.statusCode).toBe(200);
    const report = res.json() as ResultsImport;
    expect(report.matched).toEqual([
      { line: 2, teamName: 'Alpine Aces', by: 'name', rank: 1, carNumber: 11, score: 960 },
      { line: 3, teamName: 'Bouley Bay', by: 'email', rank: 2, carNumber: 12, score: 905 },
      { line: 10, teamName: 'Catalan Cats', by: 'name', rank: 3, carNumber: 13, score: null },
    ]);
    expect(report.skipped).toEqual([
      { line: 4, reason: 'Alpine Aces was already matched on line 2' },
      { line: 5, reason: `the year is ${year - 1}, not ${year}` },
      { line: 6, reason: `no team of ${year} has a driver or co-driver named Nobody Known or with the address nobody@example.test` },
      { line: 7, reason: 'Catalan Cats: Rank must be a number' },
      { line: 8, reason: 'Catalan Cats: Car number 12 is also given to Bouley Bay' },
    ]);
    expect(report.message).toBe('Saved the results of 3 teams; skipped 5 rows');
    expect((await stored()).map((r) => [r.signupId, r.rank, r.carNumber, r.score])).toEqual([
      [t.aces.id, 1, 11, 960],
      [t.bay.id, 2, 12, 905],
      [t.cats.id, 3, 13, null],
    ]);
    expect((await audits('results.import'))[0]?.details).toEqual({ file: 'results.csv', rows: 8, matched: 3, skipped: 5 });
  });

  it('refuse an import without the result columns or without a file, and change nothing', async () => {
    const before = await stored();
    const res = await importFile(`year,firstName,lastName,email\n${year},Sam,Hamon,\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file must have the columns year, firstName, lastName, rank and carNumber (missing: rank, carNumber)',
    );
    const none = await asOrganiser('POST', `/api/admin/results/${year}/import`, {});
    expect([none.statusCode, none.json().message]).toEqual([400, 'No file selected']);
    expect(await stored()).toEqual(before);
  });
});

describe('publish results', () => {
  it('is refused for a year without a season (404)', async () => {
    const res = await asOrganiser('POST', `/api/admin/results/${year - 1}/publish`);
    expect(res.statusCode).toBe(404);
  });

  it("copies the year's teams into the historic database, the winners table and the rally history, keeping opt-outs", async () => {
    // Ann asked not to be mailed before the rally; Kim asked for news.
    await app.db.execute(sql`select feed_contact('ann.amy@example.test', 'Ann', 'Amy', 'updates', null, false, 'unsubscribe link')`);
    await app.db.execute(sql`select feed_contact('kim@example.test', 'Kim', 'Vibert', 'updates', null, true, 'Get Updates')`);
    const res = await asOrganiser('POST', `/api/admin/results/${year}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 3, updated: 0, removed: 0, message: `Published 3 teams of ${year} (3 new, 0 updated)` });
    const records = await app.db
      .select()
      .from(historicParticipants)
      .where(eq(historicParticipants.year, year))
      .orderBy(historicParticipants.rank);
    expect(records.map((r) => [r.signupId, r.rank, r.carNumber, r.totalScore, r.teamName, r.carModel])).toEqual([
      [t.aces.id, 1, 11, 960, 'Alpine Aces', 'Volvo 240'],
      [t.bay.id, 2, 12, 905, 'Bouley Bay', null],
      [t.cats.id, 3, 13, null, 'Catalan Cats', null],
    ]);
    expect(records[0]).toMatchObject({
      driverFirstName: 'José',
      driverLastName: 'Le Feuvre',
      email: 'jose@example.test',
      emailOptIn: null,
      coDriverFirstName: 'Ann',
      coDriverLastName: 'Amy',
      coDriverEmail: 'ann.amy@example.test',
      coDriverEmailOptIn: false,
    });
    expect(records[1]).toMatchObject({ email: 'kim@example.test', emailOptIn: true });
    const contact = async (email: string) => (await app.db.select().from(contacts).where(eq(contacts.email, email)))[0];
    expect(await contact('ann.amy@example.test')).toMatchObject({ consent: 'opted_out' });
    expect((await contact('ann.amy@example.test'))?.sources).toContain('historic');
    expect(await contact('kim@example.test')).toMatchObject({ consent: 'opted_in' });
    expect(await contact('jose@example.test')).toMatchObject({ consent: 'not_asked', years: [year] });

    const participants = (await app.inject({ url: `/api/participants/${year}` })).json() as Participant[];
    expect(participants.map((p) => `${p.rank} ${p.carNumber} ${p.teamName} ${p.totalScore}`)).toEqual([
      '1 11 Alpine Aces 960',
      '2 12 Bouley Bay 905',
      '3 13 Catalan Cats null',
    ]);
    expect(JSON.stringify(participants)).not.toMatch(/@|emailOptIn|signupId/);
    const winners = (await app.inject({ url: '/api/winners' })).json() as WinnerRecord[];
    expect(winners.find((w) => w.year === year)).toEqual({
      year,
      destination,
      winners: 'José Le Feuvre & Ann Amy',
      teamName: 'Alpine Aces',
    });
    const rallies = (await app.inject({ url: '/api/past-rallies' })).json() as PastRally[];
    expect(rallies.find((r) => r.year === year)).toMatchObject({ destination });
    expect((await results()).publishedTeams).toBe(3);
    expect((await audits('results.publish'))[0]?.details).toEqual({ added: 3, updated: 0, removed: 0, winner: 'Alpine Aces' });
  });

  it('publishing again updates the same records: nobody twice, a changed rank followed, a team withdrawn since taken out', async () => {
    await save([
      { signupId: t.aces.id, rank: 2, carNumber: 11, score: 960 },
      { signupId: t.bay.id, rank: 1, carNumber: 12, score: 990 },
    ]);
    await app.db.execute(sql`update signups set status = 'withdrawn' where id = ${t.cats.id}`);
    const res = await asOrganiser('POST', `/api/admin/results/${year}/publish`);
    expect(res.json()).toMatchObject({ added: 0, updated: 2, removed: 1 });
    const again = await asOrganiser('POST', `/api/admin/results/${year}/publish`);
    expect(again.json()).toMatchObject({ added: 0, updated: 2, removed: 0 });
    const records = await app.db
      .select()
      .from(historicParticipants)
      .where(eq(historicParticipants.year, year))
      .orderBy(historicParticipants.rank);
    expect(records.map((r) => `${r.rank} ${r.teamName}`)).toEqual(['1 Bouley Bay', '2 Alpine Aces']);
    const winners = (await app.inject({ url: '/api/winners' })).json() as WinnerRecord[];
    expect(winners.filter((w) => w.year === year)).toEqual([{ year, destination, winners: 'Kim Vibert', teamName: 'Bouley Bay' }]);
    // Ann's opt-out still holds after her record was written again.
    const [ann] = await app.db.select().from(contacts).where(eq(contacts.email, 'ann.amy@example.test'));
    expect(ann?.consent).toBe('opted_out');
    expect(await audits('results.publish')).toHaveLength(3);
  });

  it("an erased team's published record goes with it, and the winners row made from it", async () => {
    const res = await asOrganiser('POST', '/api/admin/privacy/erase', { email: 'kim@example.test' });
    expect(res.statusCode).toBe(200);
    const records = await app.db.select().from(historicParticipants).where(eq(historicParticipants.year, year));
    expect(records.map((r) => r.teamName)).toEqual(['Alpine Aces']);
    const participants = (await app.inject({ url: `/api/participants/${year}` })).json() as Participant[];
    expect(participants.map((p) => p.teamName)).toEqual(['Alpine Aces']);
    // Kim's team was the winner: the winners row made from it goes too.
    const winners = (await app.inject({ url: '/api/winners' })).json() as WinnerRecord[];
    expect(winners.filter((w) => w.year === year)).toEqual([]);
  });

  it('still publish a season that has ended: the picker year, not the current season, decides', async () => {
    expect((await asOrganiser('POST', '/api/admin/settings/season', { year: year + 1, earlyStart: true })).statusCode).toBe(201);
    expect((await asOrganiser('GET', `/api/admin/results/${year + 1}`)).json()).toMatchObject({ teams: [], publishedTeams: 0 });
    const res = await asOrganiser('POST', `/api/admin/results/${year}/publish`);
    expect(res.json()).toMatchObject({ added: 0, updated: 1, removed: 0 });
    const rallies = (await app.inject({ url: '/api/past-rallies' })).json() as PastRally[];
    expect(rallies.filter((r) => r.year === year)).toHaveLength(1);
    expect((await asOrganiser('POST', `/api/admin/results/${year + 1}/publish`)).json().message).toBe(
      `Enter the ${year + 1} results before publishing them`,
    );
  });
});
