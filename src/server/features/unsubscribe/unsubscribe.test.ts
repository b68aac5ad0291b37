import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { bulkSendRecipients, bulkSends, historicParticipants } from '../../db/schema';
import { insertHistoric } from '../historic/test-helpers';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await insertHistoric(app, [
    { year: 2012, driverFirstName: 'Anna', driverLastName: 'Vibert', email: 'anna@x.je', emailOptIn: true, unsubscribeToken: 'anna-2012', coDriverFirstName: 'Tom', coDriverLastName: 'Amy', coDriverEmail: 'tom@x.je', coDriverEmailOptIn: true, coDriverUnsubscribeToken: 'tom-2012' },
    { year: 2015, driverFirstName: 'Tom', driverLastName: 'Amy', email: 'Tom@X.je', emailOptIn: null, coDriverFirstName: 'Anna', coDriverLastName: 'Vibert', coDriverEmail: 'anna@x.je', coDriverEmailOptIn: true },
  ]);
});
afterAll(() => app.close());

const optIns = async () =>
  (await app.db.select().from(historicParticipants).orderBy(asc(historicParticipants.id))).map((r) => [r.emailOptIn, r.coDriverEmailOptIn]);

describe('unsubscribe', () => {
  it('GET names the person and changes nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unsubscribe/tom-2012' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstName: 'Tom', lastName: 'Amy', unsubscribed: false });
    expect(await optIns()).toEqual([[true, true], [null, true]]);
  });

  it('an unknown token is the invalid-link failure', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/unsubscribe/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Invalid unsubscribe link');
    }
  });

  it('POST opts the address out on every record and role (any case); twice is harmless', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/unsubscribe/tom-2012' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Tom', lastName: 'Amy', unsubscribed: true });
    }
    expect(await optIns()).toEqual([[true, false], [false, true]]);
    expect((await app.inject({ method: 'GET', url: '/api/unsubscribe/tom-2012' })).json().unsubscribed).toBe(true);
  });

  it('accepts an RFC 8058 one-click POST from a mail client on another origin', async () => {
    const res = await app.inject({
      method: 'POST', url: '/unsubscribe/anna-2012', payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(await optIns()).toEqual([[false, false], [false, false]]);
  });

  it('a registered rallier\'s token from a bulk send opts them out too, remembered for later sends', async () => {
    const [s] = await app.db.insert(bulkSends).values({ subject: 's', html: '<p>x</p>', text: 'x', recipientType: 'registered_users' }).returning();
    await app.db.insert(bulkSendRecipients).values({ bulkSendId: s.id, email: 'New@Team.je', name: 'Sam Le Feuvre', unsubscribeToken: 'sam-send', messageId: '<m@x>' });
    expect((await app.inject({ method: 'GET', url: '/api/unsubscribe/sam-send' })).json()).toEqual({ firstName: 'Sam', lastName: 'Le Feuvre', unsubscribed: false });
    expect((await app.inject({ method: 'POST', url: '/api/unsubscribe/sam-send' })).statusCode).toBe(200);
    const out = await app.db.execute(sql`select email from email_opt_outs order by email`);
    expect((out as unknown as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual(['anna@x.je', 'new@team.je', 'tom@x.je']);
  });
});
