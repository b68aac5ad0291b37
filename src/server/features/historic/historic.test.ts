import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, historicParticipants, users } from '../../db/schema';
import { deriveIndividuals } from '../../../common/historic';
import { insertHistoric, multipartFile, sheetFile } from '../../test/historic-files';
import { only } from '../../test/rows';

let app: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
  await insertHistoric(app, [
    {
      year: 2015,
      rank: 1,
      teamName: 'Les Ecréhous',
      driverFirstName: 'Anna',
      driverLastName: 'Vibert',
      coDriverFirstName: 'Tom',
      coDriverLastName: 'Amy',
    },
    {
      year: 2016,
      rank: 3,
      teamName: 'Green Lanes',
      driverFirstName: 'Tom',
      driverLastName: 'Amy',
      coDriverFirstName: 'Anna',
      coDriverLastName: 'Vibert',
    },
    {
      year: 2017,
      rank: 2,
      teamName: 'Bouley Bay',
      driverFirstName: 'Jo',
      driverLastName: 'Renouf',
      email: 'old@renouf.je',
      emailOptIn: true,
    },
  ]);
});
afterAll(() => app.close());

async function post(name: string, content: Buffer, cookie = admin.cookie) {
  const { payload, headers } = multipartFile(name, content);
  return app.inject({ method: 'POST', url: '/api/admin/import-historic-emails', payload, headers: { ...headers, cookie } });
}

const header = ['year', 'firstName', 'lastName', 'email'];

describe('historic records', () => {
  it('is for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/historic-participants' })).statusCode).toBe(401);
    const user = await signUp(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/historic-participants', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
    expect((await post('a.csv', Buffer.from('x'), user.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/export-emails', headers: { cookie: user.cookie } })).statusCode).toBe(403);
  });

  it('returns the records without tokens, and the page derives each person once', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/historic-participants', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const records = res.json();
    expect(records).toHaveLength(3);
    expect(records[0]).not.toHaveProperty('unsubscribeToken');
    const people = deriveIndividuals(records);
    expect(people.map((p) => `${p.firstName} ${p.lastName} ${p.participations.length}`)).toEqual([
      'Tom Amy 2',
      'Jo Renouf 1',
      'Anna Vibert 2',
    ]);
  });
});

describe('import', () => {
  it('imports a .csv: matches driver and co-driver by year and exact name, creates accounts, reports bad rows by line', async () => {
    const csv = [
      'year,firstName,lastName,email',
      '2015,Anna,Vibert,anna@vibert.je',
      '2015,Tom,Amy,tom@amy.je',
      '2015,anna,vibert,wrong-case@x.je',
      '20x5,Jo,Renouf,jo@renouf.je',
      '2017,Jo,Renouf,not-an-email',
      '',
      '2017,Jo,Renouf,jo@renouf.je',
    ].join('\r\n');
    const res = await post('ralliers.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ imported: 3, newUsers: 3 });
    expect(body.errors).toEqual([
      { line: 4, message: 'no 2015 rally record for anna vibert' },
      { line: 5, message: 'year must be a four-digit year' },
      { line: 6, message: 'email is not a valid address' },
    ]);
    const rows = await app.db.select().from(historicParticipants).orderBy(historicParticipants.year);
    expect(rows.map((r) => [r.email, r.coDriverEmail])).toEqual([
      ['anna@vibert.je', 'tom@amy.je'],
      [null, null],
      ['jo@renouf.je', null],
    ]);
    // A new address was never asked.
    expect(rows[2]?.emailOptIn).toBeNull();
    const [account] = await app.db.select().from(users).where(eq(users.email, 'anna@vibert.je'));
    expect(account).toMatchObject({ firstName: 'Anna', lastName: 'Vibert', password: null, isAdmin: false });
    const audit = only(await app.db.select().from(auditLog).where(eq(auditLog.action, 'historic.import')));
    expect(audit.details).toMatchObject({ imported: 3, newUsers: 3, badRows: 3 });
  });

  it('imports an .xlsx, with text kept as typed (no number or date guessing)', async () => {
    const res = await post(
      'ralliers.xlsx',
      sheetFile([header, [2016, 'Tom', 'Amy', 'tom@amy.je'], ['2016', 'Anna', 'Vibert', '1e5@vibert.je']], 'xlsx'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, newUsers: 1, errors: [] });
    const r = only(await app.db.select().from(historicParticipants).where(eq(historicParticipants.year, 2016)));
    expect([r.email, r.coDriverEmail]).toEqual(['tom@amy.je', '1e5@vibert.je']);
  });

  it('imports an .xls', async () => {
    const res = await post(
      'old.xls',
      sheetFile(
        [
          ['Year', 'First Name', 'Last Name', 'Email'],
          [2017, 'Jo', 'Renouf', 'jo.second@renouf.je'],
        ],
        'biff8',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, newUsers: 1, errors: [] });
  });

  it('keeps CSV values as typed: a date-looking or numeric cell is not converted', async () => {
    await insertHistoric(app, [{ year: 2018, driverFirstName: '007', driverLastName: '1/2/2018' }]);
    const res = await post('odd.csv', Buffer.from('year,firstName,lastName,email\n2018,007,1/2/2018,bond@x.je\n'));
    expect(res.json()).toMatchObject({ imported: 1, errors: [] });
  });

  it('refuses a request without a file, an empty file, a renamed binary, wrong columns and other types', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/api/admin/import-historic-emails',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file selected');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const cases: [string, Buffer, RegExp][] = [
      ['empty.csv', Buffer.alloc(0), /empty/],
      ['photo.csv', png, /not a valid \.csv/],
      ['photo.xlsx', png, /not a valid \.xlsx/],
      ['sheet.csv', sheetFile([header], 'xlsx'), /not a valid \.csv/],
      ['wrong.csv', Buffer.from('name,mail\nAnna,anna@x.je\n'), /must have the columns year, firstName, lastName and email/],
      ['header-only.csv', Buffer.from('year,firstName,lastName,email\n'), /no rows/],
      ['notes.txt', Buffer.from('year,firstName,lastName,email\n'), /Excel \(\.xlsx, \.xls\) or CSV/],
    ];
    for (const [name, content, message] of cases) {
      const res = await post(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toMatch(message);
    }
  });

  it('refuses a file over the size cap and one over the row cap', async () => {
    const big = await post('big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    const many = ['year,firstName,lastName,email', ...Array.from({ length: 20_001 }, (_, i) => `2015,P${i},Q,p${i}@x.je`)].join('\n');
    const res = await post('many.csv', Buffer.from(many));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/more than 20,000 rows/);
  });
});

describe('export', () => {
  it('lists each address once (any case), without opted-out ones', async () => {
    await insertHistoric(app, [
      {
        year: 2013,
        driverFirstName: 'X',
        driverLastName: 'Y',
        email: 'ANNA@vibert.je',
        coDriverFirstName: 'Out',
        coDriverLastName: 'Person',
        coDriverEmail: 'out@x.je',
        coDriverEmailOptIn: false,
      },
    ]);
    await app.db.execute(sql`update contacts set consent = 'opted_out' where email = 'bond@x.je'`);
    const res = await app.inject({ method: 'GET', url: '/api/admin/export-emails', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const { emails } = res.json();
    expect(emails.filter((e: string) => e.toLowerCase() === 'anna@vibert.je')).toHaveLength(1);
    expect(emails).toContain('tom@amy.je');
    expect(emails).not.toContain('out@x.je');
    expect(emails).not.toContain('bond@x.je');
  });
});
