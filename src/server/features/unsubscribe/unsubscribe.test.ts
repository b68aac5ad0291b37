import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { RESUBSCRIBE_WINDOW_MS } from './opt-out';
import { createTestApp, type TestApp } from '../../test/app';
import { bulkSendRecipients, bulkSends, contacts } from '../../db/schema';
import { insertHistoric } from '../../test/historic-files';
import { only } from '../../test/rows';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await insertHistoric(app, [
    {
      year: 2012,
      driverFirstName: 'Anna',
      driverLastName: 'Vibert',
      email: 'anna@x.je',
      emailOptIn: true,
      unsubscribeToken: 'anna-2012',
      coDriverFirstName: 'Tom',
      coDriverLastName: 'Amy',
      coDriverEmail: 'tom@x.je',
      coDriverEmailOptIn: true,
      coDriverUnsubscribeToken: 'tom-2012',
    },
    {
      year: 2015,
      driverFirstName: 'Tom',
      driverLastName: 'Amy',
      email: 'Tom@X.je',
      emailOptIn: null,
      coDriverFirstName: 'Anna',
      coDriverLastName: 'Vibert',
      coDriverEmail: 'anna@x.je',
      coDriverEmailOptIn: true,
    },
  ]);
});
afterAll(() => app.close());

const consents = async () =>
  Object.fromEntries((await app.db.select().from(contacts).orderBy(asc(contacts.email))).map((c) => [c.email, c.consent]));

describe('unsubscribe', () => {
  it('GET names the person and changes nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unsubscribe/tom-2012' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstName: 'Tom', lastName: 'Amy', unsubscribed: false, canResubscribe: false });
    expect(await consents()).toEqual({ 'anna@x.je': 'opted_in', 'tom@x.je': 'opted_in' });
  });

  it('an unknown token is the invalid-link failure', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/unsubscribe/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Invalid unsubscribe link');
    }
  });

  it('POST opts the contact out (one contact for every record and case of the address); twice is harmless', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/unsubscribe/tom-2012' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Tom', lastName: 'Amy', unsubscribed: true });
    }
    expect(await consents()).toEqual({ 'anna@x.je': 'opted_in', 'tom@x.je': 'opted_out' });
    const [tom] = await app.db.select().from(contacts).where(eq(contacts.email, 'tom@x.je'));
    expect(tom).toMatchObject({ consentSource: 'unsubscribe link' });
    expect(Date.now() - tom!.consentAt!.getTime()).toBeLessThan(60_000);
    expect((await app.inject({ method: 'GET', url: '/api/unsubscribe/tom-2012' })).json()).toMatchObject({
      unsubscribed: true,
      canResubscribe: true,
    });
  });

  it('re-subscribe undoes a recent unsubscribe, and only a recent one', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/unsubscribe/tom-2012/resubscribe' });
    expect(res.statusCode).toBe(200);
    expect(await consents()).toMatchObject({ 'tom@x.je': 'opted_in' });
    // Nothing to undo now.
    expect((await app.inject({ method: 'POST', url: '/api/unsubscribe/tom-2012/resubscribe' })).statusCode).toBe(409);
    await app.inject({ method: 'POST', url: '/api/unsubscribe/tom-2012' });
    await app.db
      .update(contacts)
      .set({ consentAt: new Date(Date.now() - RESUBSCRIBE_WINDOW_MS - 1000) })
      .where(eq(contacts.email, 'tom@x.je'));
    expect((await app.inject({ method: 'POST', url: '/api/unsubscribe/tom-2012/resubscribe' })).statusCode).toBe(409);
    expect(await consents()).toMatchObject({ 'tom@x.je': 'opted_out' });
  });

  it('accepts an RFC 8058 one-click POST from a mail client on another origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/unsubscribe/anna-2012',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(await consents()).toEqual({ 'anna@x.je': 'opted_out', 'tom@x.je': 'opted_out' });
  });

  it('a bulk-send token of an address with no contact is remembered as opted out', async () => {
    const s = only(
      await app.db.insert(bulkSends).values({ subject: 's', html: '<p>x</p>', text: 'x', recipientType: 'registered_users' }).returning(),
    );
    await app.db
      .insert(bulkSendRecipients)
      .values({ bulkSendId: s.id, email: 'New@Team.je', name: 'Sam Le Feuvre', unsubscribeToken: 'sam-send', messageId: '<m@x>' });
    expect((await app.inject({ method: 'GET', url: '/api/unsubscribe/sam-send' })).json()).toEqual({
      firstName: 'Sam',
      lastName: 'Le Feuvre',
      unsubscribed: false,
      canResubscribe: false,
    });
    expect((await app.inject({ method: 'POST', url: '/api/unsubscribe/sam-send' })).statusCode).toBe(200);
    const out = await app.db.execute(sql`select email from email_opt_outs order by email`);
    expect((out as unknown as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual(['new@team.je']);
  });
});
