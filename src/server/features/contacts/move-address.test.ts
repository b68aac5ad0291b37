import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { contacts, emailOptOuts, historicParticipants, users } from '../../db/schema';
import { insertHistoric, multipartFile } from '../../test/historic-files';

let app: TestApp;
let admin: { cookie: string };
const as = (cookie: string) => ({ headers: { cookie } });

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

const contactOf = async (email: string) => (await app.db.select().from(contacts).where(eq(contacts.email, email)))[0];
const recordsOf = (first: string) =>
  app.db
    .select()
    .from(historicParticipants)
    .where(or(eq(historicParticipants.driverFirstName, first), eq(historicParticipants.coDriverFirstName, first)))
    .orderBy(historicParticipants.year);

describe('one person, one contact', () => {
  it("an organiser's new address for a contact moves every record of the person and leaves no old contact", async () => {
    await insertHistoric(app, [
      { year: 2012, driverFirstName: 'Lia', driverLastName: 'Gallichan', email: 'lia@old.je', emailOptIn: true },
      { year: 2014, driverFirstName: 'Ben', driverLastName: 'Amy', coDriverFirstName: 'Lia', coDriverLastName: 'Gallichan' },
    ]);
    await app.db.update(historicParticipants).set({ coDriverEmail: 'lia@old.je' }).where(eq(historicParticipants.year, 2014));
    const old = (await contactOf('lia@old.je'))!;
    expect(old.years).toEqual([2012, 2014]);

    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${old.id}`,
      payload: { email: 'lia@new.je' },
      ...as(admin.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'lia@new.je', years: [2012, 2014], consent: 'opted_in' });
    const records = await recordsOf('Lia');
    expect(records.map((r) => [r.year, r.email, r.coDriverEmail])).toEqual([
      [2012, 'lia@new.je', null],
      [2014, null, 'lia@new.je'],
    ]);
    expect(await contactOf('lia@old.je')).toBeUndefined();
    // Editing a record later (a trigger feeds contacts) does not bring the old address back.
    await app.db.update(historicParticipants).set({ teamName: 'Renamed' }).where(eq(historicParticipants.year, 2012));
    expect(await contactOf('lia@old.je')).toBeUndefined();
  });

  it('merges into the contact that already has the new address, keeping the latest consent and all rallies', async () => {
    await insertHistoric(app, [{ year: 2010, driverFirstName: 'Max', driverLastName: 'Le Brun', email: 'max@old.je', emailOptIn: true }]);
    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Max', lastName: 'Le Brun', email: 'max@new.je', consent: 'opted_out' },
      ...as(admin.cookie),
    });
    expect(added.statusCode).toBe(201);
    const old = (await contactOf('max@old.je'))!;
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${old.id}`,
      payload: { email: 'max@new.je' },
      ...as(admin.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'max@new.je', years: [2010], sources: ['manual', 'historic'], consent: 'opted_out' });
    const all = await app.db
      .select()
      .from(contacts)
      .where(or(eq(contacts.email, 'max@new.je'), eq(contacts.email, 'max@old.je')));
    expect(all).toHaveLength(1);
  });

  it('an import confirming a changed address moves the other years too, and makes no login account', async () => {
    await insertHistoric(app, [
      { year: 2013, driverFirstName: 'Eve', driverLastName: 'Renouf', email: 'eve@old.je' },
      { year: 2015, driverFirstName: 'Eve', driverLastName: 'Renouf', email: 'eve@old.je' },
    ]);
    const { payload, headers } = multipartFile('eve.csv', Buffer.from('year,firstName,lastName,email\n2015,Eve,Renouf,eve@new.je\n'));
    const preview = await app.inject({
      method: 'POST',
      url: '/api/admin/historic/import/preview',
      payload,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(preview.json().counts).toMatchObject({ changed: 1 });
    const applied = await app.inject({
      method: 'POST',
      url: '/api/admin/historic/import/apply',
      payload: { planId: preview.json().planId, applyAllChanges: true },
      ...as(admin.cookie),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ counts: preview.json().counts, newUsers: 0 });
    expect((await recordsOf('Eve')).map((r) => r.email)).toEqual(['eve@new.je', 'eve@new.je']);
    expect(await contactOf('eve@old.je')).toBeUndefined();
    expect(await contactOf('eve@new.je')).toMatchObject({ years: [2013, 2015] });
    expect(await app.db.select().from(users).where(eq(users.email, 'eve@new.je'))).toEqual([]);
  });

  it('a new address that was erased or unsubscribed stays opted out', async () => {
    await app.db.insert(emailOptOuts).values({ email: 'gone@new.je' });
    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Sid', lastName: 'Le Sueur', email: 'sid@old.je', consent: 'opted_in' },
      ...as(admin.cookie),
    });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${added.json().id}`,
      payload: { email: 'gone@new.je' },
      ...as(admin.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'gone@new.je', consent: 'opted_out' });
  });
});
