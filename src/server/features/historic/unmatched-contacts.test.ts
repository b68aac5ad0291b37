import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { contacts, emailOptOuts } from '../../db/schema';
import { insertHistoric, multipartFile } from '../../test/historic-files';
import { consentFromCell } from '../../../common/import-consent';

let app: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
  await insertHistoric(app, [{ year: 2015, driverFirstName: 'Anna', driverLastName: 'Vibert' }]);
});
afterAll(() => app.close());

async function preview(name: string, csv: string[]) {
  const { payload, headers } = multipartFile(name, Buffer.from(csv.join('\n')));
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/historic/import/preview',
    payload,
    headers: { ...headers, cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function apply(planId: string, addUnmatched: boolean) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/historic/import/apply',
    payload: { planId, addUnmatched },
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const byLine = (rows: { line: number; outcome: string; reason: string }[]) => rows.map((r) => [r.line, r.outcome, r.reason]);
const contactCount = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]!.n;
const contactOf = async (email: string) => (await app.db.select().from(contacts).where(eq(contacts.email, email)))[0];

// Volunteers, a sponsor and a rallier: the mailing list as organisers keep it.
const file = [
  'Year,First Name,Surname,Email,Subscribed',
  '2015,Anna,Vibert,anna@vibert.je,yes',
  ',Vera,Volunteer,vera@helpers.je,Yes',
  '2019,Nico,Nobody,NICO@helpers.je,no',
  ',Sam,Sponsor,sam@garage.je,',
  ',May,Be,may@be.je,maybe',
  ',No,Address,,yes',
];

describe('rows that match no rally record', () => {
  it('are listed apart in the preview, with the consent the file gives; bad rows say why; nothing is written', async () => {
    const before = await contactCount();
    const p = await preview('volunteers.csv', file);
    expect(p.counts).toEqual({ created: 1, updated: 0, unchanged: 0, changed: 0, unmatched: 3, added: 0, skipped: 2 });
    expect(byLine(p.rows)).toEqual([
      [2, 'created', 'added to the 2015 record (driver); a new contact'],
      [3, 'unmatched', 'no year, so no rally record; can be added as a contact (opted in)'],
      [4, 'unmatched', 'no 2019 rally record for Nico Nobody; can be added as a contact (opted out)'],
      [5, 'unmatched', 'no year, so no rally record; can be added as a contact (not asked)'],
      [6, 'skipped', 'consent "maybe" is not understood: use yes, no or leave it empty (not asked)'],
      [7, 'skipped', 'email is not a valid address'],
    ]);
    expect(p.rows.map((r: { consent: string | null }) => r.consent)).toEqual([null, 'opted_in', 'opted_out', 'not_asked', null, null]);
    expect(await contactCount()).toBe(before);
  });

  it('are left out unless the organiser chooses to add them', async () => {
    const before = await contactCount();
    const p = await preview('volunteers.csv', file);
    const applied = await apply(p.planId, false);
    expect(applied.message).toBe('1 created, 0 updated, 0 changed, 0 unchanged, 5 skipped');
    // Only the rallier's address became a contact.
    expect(await contactCount()).toBe(before + 1);
    expect(await contactOf('vera@helpers.je')).toBeUndefined();
  });

  it('become contacts with the consent from the file when chosen, once, however often the file is imported', async () => {
    const p = await preview('volunteers.csv', file);
    const applied = await apply(p.planId, true);
    expect(applied.message).toBe('0 created, 0 updated, 0 changed, 1 unchanged, 3 added as contacts, 2 skipped');
    expect(byLine(applied.rows).slice(1, 4)).toEqual([
      [3, 'added', 'added as a contact (opted in)'],
      [4, 'added', 'added as a contact (opted out)'],
      [5, 'added', 'added as a contact (not asked)'],
    ]);
    const vera = await contactOf('vera@helpers.je');
    expect(vera).toMatchObject({
      firstName: 'Vera',
      lastName: 'Volunteer',
      sources: ['import'],
      years: [],
      consent: 'opted_in',
      consentSource: 'mailing-list import (volunteers.csv)',
    });
    expect(vera?.consentAt).not.toBeNull();
    expect(await contactOf('nico@helpers.je')).toMatchObject({ consent: 'opted_out', years: [] });
    expect(await contactOf('sam@garage.je')).toMatchObject({ consent: 'not_asked', consentAt: null });

    // The contact list shows them under their source.
    const list = await app.inject({ method: 'GET', url: '/api/admin/contacts?source=import', headers: { cookie: admin.cookie } });
    expect(
      list
        .json()
        .contacts.map((c: { email: string }) => c.email)
        .sort(),
    ).toEqual(['nico@helpers.je', 'sam@garage.je', 'vera@helpers.je']);

    // The same file again: the people are on the list already, and nobody is added twice.
    const count = await contactCount();
    const again = await preview('volunteers.csv', file);
    expect(again.counts).toMatchObject({ unmatched: 0, unchanged: 4, skipped: 2 });
    expect(byLine(again.rows)[1]).toEqual([3, 'unchanged', 'no year, so no rally record; already on the contact list']);
    await apply(again.planId, true);
    expect(await contactCount()).toBe(count);
  });

  it("never brings back an address that unsubscribed or was erased, and a file's yes does not opt in a known contact", async () => {
    await app.db.insert(emailOptOuts).values({ email: 'gone@helpers.je' });
    const p = await preview('later.csv', [
      'year,firstName,lastName,email,consent',
      ',Gail,Gone,gone@helpers.je,yes',
      ',Sam,Sponsor,sam@garage.je,yes',
      ',Vera,Volunteer,vera@helpers.je,yes',
      ',Vera,Again,vera@helpers.je,yes',
      ',Una,Newcomer,una@helpers.je,opted in',
      ',Una,Twice,una@helpers.je,',
    ]);
    expect(byLine(p.rows)).toEqual([
      [2, 'skipped', 'no year, so no rally record; this address unsubscribed or was erased, so it is not added back'],
      [3, 'unchanged', 'no year, so no rally record; already on the contact list'],
      [4, 'unchanged', 'no year, so no rally record; already on the contact list'],
      [5, 'unchanged', 'no year, so no rally record; already on the contact list'],
      [6, 'unmatched', 'no year, so no rally record; can be added as a contact (opted in)'],
      [7, 'skipped', 'no year, so no rally record; line 6 already adds this address'],
    ]);
    await apply(p.planId, true);
    expect(await contactOf('gone@helpers.je')).toBeUndefined();
    expect(await contactOf('sam@garage.je')).toMatchObject({ consent: 'not_asked' });
    expect(await contactOf('una@helpers.je')).toMatchObject({ consent: 'opted_in', firstName: 'Una', lastName: 'Newcomer' });
  });

  it('adds the rows of a file without a consent column as not asked', async () => {
    const p = await preview('plain.csv', ['year,firstName,lastName,email', ',Pat,Plain,pat@plain.je']);
    expect(p.rows[0]).toMatchObject({ outcome: 'unmatched', consent: 'not_asked' });
    await apply(p.planId, true);
    expect(await contactOf('pat@plain.je')).toMatchObject({ consent: 'not_asked', sources: ['import'] });
  });
});

describe('the consent column', () => {
  it('opts in only on a plain yes; empty is not asked; anything else is refused', () => {
    for (const yes of ['yes', 'Y', 'TRUE', '1', 'Opted In', 'opted_in', 'subscribed', 'consented'])
      expect(consentFromCell(yes), yes).toBe('opted_in');
    for (const no of ['no', 'N', 'false', '0', 'opted-out', 'unsubscribed', 'declined']) expect(consentFromCell(no), no).toBe('opted_out');
    for (const none of ['', '  ', 'not asked', 'Not_Asked', 'unknown']) expect(consentFromCell(none), none).toBe('not_asked');
    for (const bad of ['maybe', 'yes please', 'x', 'ok']) expect(consentFromCell(bad), bad).toBeNull();
  });
});
