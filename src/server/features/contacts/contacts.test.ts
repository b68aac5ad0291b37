import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, contacts, emailUpdates, historicParticipants, signups } from '../../db/schema';
import { insertHistoric } from '../../test/historic-files';
import type { ContactList, ContactView } from '../../../common/schemas/contacts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
const as = (cookie: string) => ({ headers: { cookie } });
const team = {
  rallyYear: 2026,
  driverPhone: '1',
  driverAddress: 'a',
  emergencyContactName: 'e',
  emergencyContactPhone: '2',
  emergencyContactRelationship: 'r',
};

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
  await insertHistoric(app, [
    {
      year: 2012,
      driverFirstName: 'Anna',
      driverLastName: 'Vibert',
      email: ' Anna@X.je ',
      emailOptIn: true,
      coDriverFirstName: 'Tom',
      coDriverLastName: 'Amy',
      coDriverEmail: 'tom@x.je',
      coDriverEmailOptIn: false,
    },
    { year: 2016, driverFirstName: 'Anna', driverLastName: 'Vibert', email: 'anna@x.je' },
  ]);
  await app.db.insert(signups).values({
    ...team,
    teamName: 'Les Vieilles',
    driverFirstName: 'Anna',
    driverLastName: 'Vibert',
    driverEmail: 'ANNA@x.je',
    coDriverFirstName: 'Sam',
    coDriverLastName: 'Le Feuvre',
    coDriverEmail: 'sam@x.je',
    coDriverAcceptedAt: new Date(),
  });
});
afterAll(() => app.close());

const list = async (query = '') =>
  (await app.inject({ method: 'GET', url: `/api/admin/contacts${query}`, ...as(admin.cookie) })).json() as ContactList;
const byEmail = async (email: string) => (await list()).contacts.find((c) => c.email === email);

describe('one contact list', () => {
  it('is for organisers only', async () => {
    const user = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/contacts' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/contacts', ...as(user.cookie) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/contacts/1', ...as(user.cookie) })).statusCode).toBe(403);
  });

  it("merges historic records and this year's team into one contact per lower-cased address", async () => {
    const anna = await byEmail('anna@x.je');
    expect(anna).toMatchObject({
      firstName: 'Anna',
      lastName: 'Vibert',
      sources: ['historic', 'team'],
      years: [2012, 2016, 2026],
      consent: 'opted_in',
      consentSource: 'historic record',
    });
    expect((await list()).contacts.filter((c) => c.email.includes('anna'))).toHaveLength(1);
    expect(await byEmail('tom@x.je')).toMatchObject({ consent: 'opted_out', sources: ['historic'] });
    expect(await byEmail('sam@x.je')).toMatchObject({ consent: 'not_asked', sources: ['team'], years: [2026], consentAt: null });
    expect((await list()).stats).toEqual({ total: 3, optedIn: 1, optedOut: 1, notAsked: 1, bounced: 0 });
  });

  it('filters by search, source, consent and year', async () => {
    const emails = async (q: string) => (await list(q)).contacts.map((c) => c.email).sort();
    expect(await emails('?q=vib')).toEqual(['anna@x.je']);
    expect(await emails('?q=LE%20FEU')).toEqual(['sam@x.je']);
    expect(await emails('?source=team')).toEqual(['anna@x.je', 'sam@x.je']);
    expect(await emails('?consent=opted_out')).toEqual(['tom@x.je']);
    expect(await emails('?year=2012')).toEqual(['anna@x.je', 'tom@x.je']);
    expect(await emails('?year=2012&source=team')).toEqual(['anna@x.je']);
    expect((await list('?year=2012')).years).toEqual([2026, 2016, 2012]);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/contacts?consent=maybe', ...as(admin.cookie) });
    expect(bad.statusCode).toBe(400);
  });

  it('adds a contact by hand, lower-cased, and refuses a duplicate or a bad address', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Jo', lastName: 'Renouf', email: ' Jo@Example.JE ', consent: 'opted_in' },
      ...as(admin.cookie),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'jo@example.je',
      sources: ['manual'],
      consent: 'opted_in',
      consentSource: `organiser ${admin.email}`,
    });
    const dup = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Jo', email: 'JO@example.je' },
      ...as(admin.cookie),
    });
    expect(dup.statusCode).toBe(409);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Jo', email: 'nope' },
      ...as(admin.cookie),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
  });

  it('edits name, address and consent, with the date, source and an audit row', async () => {
    const sam = (await byEmail('sam@x.je'))!;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${sam.id}`,
      payload: { firstName: 'Samuel', email: 'Samuel@x.je', consent: 'opted_in' },
      ...as(admin.cookie),
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as ContactView;
    expect(after).toMatchObject({
      firstName: 'Samuel',
      email: 'samuel@x.je',
      consent: 'opted_in',
      consentSource: `organiser ${admin.email}`,
    });
    expect(Date.now() - new Date(after.consentAt!).getTime()).toBeLessThan(60_000);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'contact.update'));
    expect(audit).toMatchObject({ targetId: String(sam.id), actorEmail: admin.email });
    expect(audit!.details).toMatchObject({ firstName: { from: 'Sam', to: 'Samuel' }, consent: { from: 'not_asked', to: 'opted_in' } });
    expect(JSON.stringify(audit!.details)).not.toContain('samuel@x.je');
    expect(
      (await app.inject({ method: 'PATCH', url: '/api/admin/contacts/999999', payload: { firstName: 'X' }, ...as(admin.cookie) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/admin/contacts/${sam.id}`, payload: { consent: 'yes' }, ...as(admin.cookie) }))
        .statusCode,
    ).toBe(400);
  });

  it('delete erases the person and keeps a tombstone: no source makes the address mailable again', async () => {
    const tom = (await byEmail('tom@x.je'))!;
    await app.db.update(contacts).set({ consent: 'opted_in' }).where(eq(contacts.id, tom.id));
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/contacts/${tom.id}`, ...as(admin.cookie) });
    expect(res.statusCode).toBe(200);
    expect(await byEmail('tom@x.je')).toBeUndefined();
    const historic = await app.db.select().from(historicParticipants);
    expect(historic.some((h) => h.coDriverEmail === 'tom@x.je')).toBe(false);
    // Back through a new historic record, opted in there: an opted-out contact, never mailed.
    await insertHistoric(app, [{ year: 2018, driverFirstName: 'Tom', driverLastName: 'Amy', email: 'Tom@x.je', emailOptIn: true }]);
    expect(await byEmail('tom@x.je')).toMatchObject({ consent: 'opted_out' });
    const count = await app.inject({
      method: 'GET',
      url: '/api/admin/bulk-mail/audience-count?onlyOptedIn=false&q=tom',
      ...as(admin.cookie),
    });
    expect(count.json().count).toBe(0);
  });

  it('exports the filtered list as formula-safe CSV', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: '=HYPERLINK("x")', email: 'formula@x.je', consent: 'opted_in' },
      ...as(admin.cookie),
    });
    const res = await app.inject({ method: 'GET', url: '/api/admin/contacts/export.csv?consent=opted_in', ...as(admin.cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Email,First name,Last name,Sources,Years,Consent,Consent date,Consent source,Bounced');
    expect(lines.some((l) => l.startsWith('formula@x.je,"\'=HYPERLINK(""x"")"'))).toBe(true);
    expect(lines.every((l, i) => i === 0 || l.includes('opted_in'))).toBe(true);
  });

  it("backfills existing Get Updates subscribers as opted in (the migration's feed function)", async () => {
    await app.db.insert(emailUpdates).values({ name: 'Lucy  Le Sueur', email: 'Lucy@x.je' });
    await app.db.execute(
      `select feed_contact(email, split_part(trim(name), ' ', 1), trim(substr(trim(name), length(split_part(trim(name), ' ', 1)) + 1)), 'updates', null, true, 'Get Updates') from email_updates where email = 'Lucy@x.je'`,
    );
    expect(await byEmail('lucy@x.je')).toMatchObject({
      firstName: 'Lucy',
      lastName: 'Le Sueur',
      sources: ['updates'],
      consent: 'opted_in',
      consentSource: 'Get Updates',
    });
  });
});
