import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, historicParticipants, importPlans, users } from '../../db/schema';
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
  return app.inject({ method: 'POST', url: '/api/admin/historic/import/preview', payload, headers: { ...headers, cookie } });
}

function apply(body: Record<string, unknown>, cookie = admin.cookie) {
  return app.inject({ method: 'POST', url: '/api/admin/historic/import/apply', payload: body, headers: { cookie } });
}

/** Previews a file and applies the plan as it stands (changed rows only when told). */
async function importFile(name: string, content: Buffer, confirm: Record<string, unknown> = {}) {
  const preview = await post(name, content);
  expect(preview.statusCode, preview.body).toBe(200);
  const applied = await apply({ planId: preview.json().planId, ...confirm });
  expect(applied.statusCode, applied.body).toBe(200);
  return { preview: preview.json(), applied: applied.json() };
}

const byLine = (rows: { line: number; outcome: string; reason: string }[]) => rows.map((r) => [r.line, r.outcome, r.reason]);

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
  it('previews a .csv without changing anything: every row with its outcome and reason, by line', async () => {
    const csv = [
      'year,firstName,lastName,email',
      '2015,Anna,Vibert,Anna@Vibert.je',
      '2015,Tom,Amy,tom@amy.je',
      '2015,anna,vibrt,typo@x.je',
      '20x5,Jo,Renouf,jo@renouf.je',
      '2017,Jo,Renouf,not-an-email',
      '',
      '2017,Jo,Renouf,jo@renouf.je',
    ].join('\r\n');
    const res = await post('ralliers.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ created: 2, updated: 0, unchanged: 0, changed: 1, unmatched: 1, added: 0, skipped: 2 });
    expect(byLine(body.rows)).toEqual([
      [2, 'created', 'added to the 2015 record (driver); a new contact'],
      [3, 'created', 'added to the 2015 record (co-driver); a new contact'],
      [4, 'unmatched', 'no 2015 rally record for anna vibrt; can be added as a contact (not asked)'],
      [5, 'skipped', 'year must be a four-digit year'],
      [6, 'skipped', 'email is not a valid address'],
      [8, 'changed', 'replaces the address on the 2017 record (driver) once confirmed'],
    ]);
    // The address is lower-cased; the changed row names the address it would replace.
    expect(body.rows[0].email).toBe('anna@vibert.je');
    expect(body.rows.at(-1)).toMatchObject({ email: 'jo@renouf.je', previousEmail: 'old@renouf.je' });
    // Nothing is applied by a preview.
    const rows = await app.db.select().from(historicParticipants).orderBy(historicParticipants.year);
    expect(rows.map((r) => [r.email, r.coDriverEmail])).toEqual([
      [null, null],
      [null, null],
      ['old@renouf.je', null],
    ]);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.action, 'historic.import'))).toHaveLength(0);

    // Cancel drops the plan: it cannot be applied afterwards.
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/admin/historic/import/${body.planId}`,
      headers: { cookie: admin.cookie },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await apply({ planId: body.planId })).statusCode).toBe(409);
  });

  it('applies exactly the previewed plan, once; a changed address only when the organiser confirms it', async () => {
    const csv = [
      'year,firstName,lastName,email',
      '2015,Anna,Vibert,anna@vibert.je',
      '2015,Tom,Amy,tom@amy.je',
      '2017,Jo,Renouf,jo@renouf.je',
    ];
    const preview = (await post('ralliers.csv', Buffer.from(csv.join('\n')))).json();
    expect(preview.counts).toMatchObject({ created: 2, changed: 1 });
    // A record edited after the preview was seen is not overwritten by it.
    const applied = await apply({ planId: preview.planId });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      message: '2 created, 0 updated, 0 changed, 0 unchanged, 1 skipped',
      counts: { created: 2, updated: 0, changed: 0, unchanged: 0, skipped: 1 },
      newUsers: 0,
    });
    expect(byLine(applied.json().rows).at(-1)).toEqual([4, 'skipped', 'skipped: the address change was not confirmed']);
    const rows = await app.db.select().from(historicParticipants).orderBy(historicParticipants.year);
    expect(rows.map((r) => [r.email, r.coDriverEmail])).toEqual([
      ['anna@vibert.je', 'tom@amy.je'],
      [null, null],
      ['old@renouf.je', null],
    ]);
    // A new address was never asked.
    expect(rows[0]?.emailOptIn).toBeNull();
    // A mailing-list import makes no login accounts.
    expect(await app.db.select().from(users).where(eq(users.email, 'anna@vibert.je'))).toEqual([]);
    const audit = only(await app.db.select().from(auditLog).where(eq(auditLog.action, 'historic.import')));
    expect(audit.details).toMatchObject({
      file: 'ralliers.csv',
      rows: 3,
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      changesConfirmed: 0,
    });

    // The same plan cannot apply twice.
    const again = await apply({ planId: preview.planId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already applied/);

    // The same file again: nothing to do, and it says so; the change is applied once confirmed by line.
    const second = (await post('ralliers.csv', Buffer.from(csv.join('\n')))).json();
    expect(second.counts).toEqual({ created: 0, updated: 0, unchanged: 2, changed: 1, unmatched: 0, added: 0, skipped: 0 });
    const confirmed = await apply({ planId: second.planId, confirmLines: [4] });
    // The result matches the preview: the confirmed row is still "changed".
    expect(confirmed.json()).toMatchObject({
      message: '0 created, 0 updated, 1 changed, 2 unchanged, 0 skipped',
      counts: second.counts,
    });
    const jo = only(await app.db.select().from(historicParticipants).where(eq(historicParticipants.year, 2017)));
    expect(jo.email).toBe('jo@renouf.je');
    const third = await importFile('ralliers.csv', Buffer.from(csv.join('\n')));
    expect(third.applied.message).toBe('0 created, 0 updated, 0 changed, 3 unchanged, 0 skipped');
  });

  it('does not overwrite a record edited between the preview and Apply', async () => {
    const [rec] = await insertHistoric(app, [{ year: 2012, driverFirstName: 'Mia', driverLastName: 'Hotton' }]);
    const preview = (await post('mia.csv', Buffer.from('year,firstName,lastName,email\n2012,Mia,Hotton,mia@hotton.je\n'))).json();
    expect(preview.counts.created).toBe(1);
    await app.db.update(historicParticipants).set({ email: 'typed@by-hand.je' }).where(eq(historicParticipants.id, rec!.id));
    const res = await apply({ planId: preview.planId, applyAllChanges: true });
    expect(res.json().counts).toMatchObject({ created: 0, skipped: 1 });
    const after = only(await app.db.select().from(historicParticipants).where(eq(historicParticipants.id, rec!.id)));
    expect(after.email).toBe('typed@by-hand.je');
  });

  it('applies rows in the order of the file: a later row about an address an earlier row moved finds it moved', async () => {
    await insertHistoric(app, [
      { year: 2013, driverFirstName: 'Lou', driverLastName: 'Gallichan', email: 'lou@old.je' },
      { year: 2014, driverFirstName: 'Lou', driverLastName: 'Gallichan', email: 'lou@old.je' },
      { year: 2013, driverFirstName: 'Kim', driverLastName: 'Falle', email: 'kim@old.je' },
    ]);
    const csv = [
      'year,firstName,lastName,email',
      '2013,Lou,Gallichan,lou@first.je',
      '2013,Kim,Falle,kim@new.je',
      '2014,Lou,Gallichan,lou@second.je',
    ];
    const { applied } = await importFile('lou.csv', Buffer.from(csv.join('\n')), { applyAllChanges: true });
    // Line 2 moved all of Lou's records to the first new address, so line 4 no longer finds the
    // address it was previewed against; Kim's row, written in the same run as line 2, applies.
    expect(byLine(applied.rows)).toEqual([
      [2, 'changed', 'replaced lou@old.je'],
      [3, 'changed', 'replaced kim@old.je'],
      [4, 'skipped', 'skipped: the record changed after the preview; upload the file again'],
    ]);
    const records = await app.db
      .select()
      .from(historicParticipants)
      .where(sql`${historicParticipants.driverLastName} in ('Gallichan', 'Falle')`);
    expect(records.map((r) => [r.year, r.driverFirstName, r.email]).sort()).toEqual([
      [2013, 'Kim', 'kim@new.je'],
      [2013, 'Lou', 'lou@first.je'],
      [2014, 'Lou', 'lou@first.je'],
    ]);
    const emails = (await app.db.execute(
      sql`select email from contacts where email like '%@old.je' or email like 'lou@%' or email like 'kim@%' order by email`,
    )) as unknown as { rows: { email: string }[] };
    expect(emails.rows.map((r) => r.email)).toEqual(['kim@new.je', 'lou@first.je']);
  });

  it('matches names whatever their case, spacing and accents, and takes common header spellings', async () => {
    await insertHistoric(app, [
      { year: 2011, driverFirstName: 'José', driverLastName: 'Le Feuvre', coDriverFirstName: 'Zoë', coDriverLastName: "D'Auvergne" },
      { year: 2011, driverFirstName: 'Chloé', driverLastName: 'Noël', email: 'chloe@noel.je' },
    ]);
    const file = sheetFile(
      [
        ['Rally Year', 'First Name', 'Surname', 'E-mail Address'],
        ['2011', '  jose ', 'LE  FEUVRE', 'Jose@LeFeuvre.JE'],
        ['2011', 'ZOE', "d'auvergne", 'zoe@auvergne.je'],
        ['2011', 'Chloe', 'Noel', 'CHLOE@noel.je'],
        ['2011', 'Chloe', 'LeNoel', 'other@noel.je'],
      ],
      'xlsx',
    );
    const { preview, applied } = await importFile('accents.xlsx', file, { applyAllChanges: true });
    expect(byLine(preview.rows)).toEqual([
      [2, 'created', 'added to the 2011 record (driver); a new contact'],
      [3, 'created', 'added to the 2011 record (co-driver); a new contact'],
      [4, 'unchanged', 'the record already has this address'],
      [5, 'unmatched', 'no 2011 rally record for Chloe LeNoel; can be added as a contact (not asked)'],
    ]);
    // Not chosen to be added as a contact, the unmatched row is left out.
    expect(applied.counts).toEqual({ created: 2, updated: 0, changed: 0, unchanged: 1, unmatched: 0, added: 0, skipped: 1 });
    expect(byLine(applied.rows).at(-1)).toEqual([5, 'skipped', 'skipped: no rally record, and not added as a contact']);
    const [jose] = await app.db.select().from(historicParticipants).where(eq(historicParticipants.driverFirstName, 'José'));
    expect([jose?.email, jose?.coDriverEmail]).toEqual(['jose@lefeuvre.je', 'zoe@auvergne.je']);

    for (const headerRow of [
      ['Year', 'Forename', 'Last Name', 'Email'],
      ['year', 'first_name', 'last-name', 'E-Mail'],
      ['YEAR', 'Given Name', 'Family Name', 'Mail'],
    ]) {
      const res = await post('aliases.csv', sheetFile([headerRow, ['2011', 'José', 'Le Feuvre', 'jose@lefeuvre.je']], 'csv'));
      expect(res.statusCode, headerRow.join()).toBe(200);
      expect(res.json().counts, headerRow.join()).toMatchObject({ unchanged: 1 });
    }
  });

  it('counts one new contact per address, however many years carry it', async () => {
    await insertHistoric(app, [
      { year: 2008, driverFirstName: 'Rob', driverLastName: 'Querée' },
      { year: 2009, coDriverFirstName: 'Rob', coDriverLastName: 'Queree' },
    ]);
    const csv = 'year,firstName,lastName,email\n2008,Rob,Queree,rob@queree.je\n2009,Rob,Queree,rob@queree.je\n';
    const { preview, applied } = await importFile('rob.csv', Buffer.from(csv));
    expect(byLine(preview.rows)).toEqual([
      [2, 'created', 'added to the 2008 record (driver); a new contact'],
      [3, 'updated', 'added to the 2009 record (co-driver); the new contact of line 2'],
    ]);
    expect(applied.message).toBe('1 created, 1 updated, 0 changed, 0 unchanged, 0 skipped');
  });

  it('counts an address already on the contact list as updated, not created', async () => {
    await insertHistoric(app, [{ year: 2010, driverFirstName: 'Sam', driverLastName: 'Gallichan' }]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      headers: { cookie: admin.cookie },
      payload: { email: 'sam@gallichan.je', firstName: 'Sam', lastName: 'Gallichan', consent: 'opted_in' },
    });
    expect(created.statusCode).toBe(201);
    const { preview, applied } = await importFile(
      'sam.csv',
      Buffer.from('year,firstName,lastName,email\n2010,Sam,Gallichan,sam@gallichan.je\n'),
    );
    expect(byLine(preview.rows)).toEqual([[2, 'updated', 'added to the 2010 record (driver); already on the contact list']]);
    expect(applied.message).toBe('0 created, 1 updated, 0 changed, 0 unchanged, 0 skipped');
  });

  it('an Apply with a plan of another organiser, a bad body or no plan is refused and changes nothing', async () => {
    const preview = (await post('x.csv', Buffer.from('year,firstName,lastName,email\n2018,No,Body,no@body.je\n'))).json();
    const other = await signUpAdmin(app);
    expect((await apply({ planId: preview.planId }, other.cookie)).statusCode).toBe(409);
    const user = await signUp(app);
    expect((await apply({ planId: preview.planId }, user.cookie)).statusCode).toBe(403);
    const bad = await apply({ planId: preview.planId, confirmLines: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('issues');
    expect((await apply({})).statusCode).toBe(400);
    // Still there for its own organiser.
    expect((await apply({ planId: preview.planId })).statusCode).toBe(200);
  });

  it('an expired preview cannot be applied', async () => {
    const preview = (await post('late.csv', Buffer.from('year,firstName,lastName,email\n2018,No,Body,no@body.je\n'))).json();
    await app.db
      .update(importPlans)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(importPlans.id, preview.planId));
    const res = await apply({ planId: preview.planId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/expired; upload the file again/);
  });

  it('reads an .xlsx with text kept as typed (no number or date guessing)', async () => {
    const { preview } = await importFile(
      'ralliers.xlsx',
      sheetFile([header, [2016, 'Tom', 'Amy', 'tom@amy.je'], ['2016', 'Anna', 'Vibert', '1e5@vibert.je']], 'xlsx'),
    );
    expect(preview.counts).toMatchObject({ updated: 1, created: 1, skipped: 0 });
    const r = only(await app.db.select().from(historicParticipants).where(eq(historicParticipants.year, 2016)));
    expect([r.email, r.coDriverEmail]).toEqual(['tom@amy.je', '1e5@vibert.je']);
  });

  it('reads an .xls', async () => {
    await insertHistoric(app, [{ year: 2009, driverFirstName: 'Lu', driverLastName: 'Blampied' }]);
    const res = await post(
      'old.xls',
      sheetFile(
        [
          ['Year', 'First Name', 'Last Name', 'Email'],
          [2009, 'Lu', 'Blampied', 'lu@blampied.je'],
        ],
        'biff8',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toMatchObject({ created: 1, skipped: 0 });
  });

  it('keeps CSV values as typed: a date-looking or numeric cell is not converted', async () => {
    await insertHistoric(app, [{ year: 2018, driverFirstName: '007', driverLastName: '1/2/2018' }]);
    const res = await post('odd.csv', Buffer.from('year,firstName,lastName,email\n2018,007,1/2/2018,bond@x.je\n'));
    expect(res.json().counts).toMatchObject({ created: 1, skipped: 0 });
    await apply({ planId: res.json().planId });
  });

  it('refuses a request without a file, an empty file, a renamed binary, wrong columns and other types', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/api/admin/historic/import/preview',
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

  it('refuses a spreadsheet with a NUL in a cell, naming the cell, and stores no plan', async () => {
    const plans = (await app.db.select({ n: sql<number>`count(*)::int` }).from(importPlans))[0]!.n;
    const file = sheetFile(
      [
        ['year', 'firstName', 'lastName', 'email'],
        ['2015', 'An\u0000na', 'Vibert', 'anna@vibert.je'],
      ],
      'xlsx',
    );
    const res = await post('nul.xlsx', file);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Row 2, column 2: Text must not contain NUL characters']);
    expect((await app.db.select({ n: sql<number>`count(*)::int` }).from(importPlans))[0]!.n).toBe(plans);
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

describe("the spec's one-step import", () => {
  it('answers imported and newUsers, and never takes a different address without confirmation', async () => {
    await insertHistoric(app, [{ year: 2011, driverFirstName: 'Lou', driverLastName: 'Pinel', email: 'lou@old.je' }]);
    const csv = 'Year,First Name,Last Name,Email Address\n2011,Lou,Pinel,lou@new.je\n2011,Kim,Syvret,KIM@syvret.je\n';
    const { payload, headers } = multipartFile('one-step.csv', Buffer.from(csv));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/import-historic-emails',
      payload,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 0, newUsers: 0, counts: { created: 0, skipped: 2 } });
    const lou = await app.db.select().from(historicParticipants).where(eq(historicParticipants.driverLastName, 'Pinel'));
    expect(lou.map((r) => r.email)).toEqual(['lou@old.je']);

    const user = await signUp(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/import-historic-emails',
      payload,
      headers: { ...headers, cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(403);
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
