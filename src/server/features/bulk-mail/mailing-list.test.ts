import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, bulkSendRecipients, bulkSends, contacts as contactsTable, historicParticipants, signups } from '../../db/schema';
import { insertHistoric } from '../../test/historic-files';
import type { MailingContact } from '../../../common/mailing';
import { teamInput } from '../../../common/factories';
import { first, only } from '../../test/rows';

let app: TestApp;
let admin: { cookie: string };
const as = (cookie: string) => ({ headers: { cookie } });

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
  await insertHistoric(app, [
    {
      year: 2012,
      driverFirstName: 'Anna',
      driverLastName: 'Vibert',
      email: 'anna@x.je',
      emailOptIn: true,
      unsubscribeToken: 'tok-anna-2012',
      coDriverFirstName: 'Tom',
      coDriverLastName: 'Amy',
      coDriverEmail: 'tom@x.je',
      coDriverEmailOptIn: false,
    },
    {
      year: 2010,
      driverFirstName: 'Tom',
      driverLastName: 'Amy',
      email: 'TOM@x.je',
      emailOptIn: true,
      coDriverFirstName: 'Anna',
      coDriverLastName: 'Vibert',
      coDriverEmail: 'anna@x.je',
    },
    { year: 2015, driverFirstName: 'Jo', driverLastName: 'Renouf', email: 'jo@x.je', coDriverFirstName: 'No', coDriverLastName: 'Mail' },
    { year: 2016, driverFirstName: 'Kim', driverLastName: 'Le Cornu', email: 'kim@x.je', emailOptIn: true },
  ]);
});
afterAll(() => app.close());

const contacts = async () =>
  (await app.inject({ method: 'GET', url: '/api/admin/mailing-list', ...as(admin.cookie) })).json() as MailingContact[];
const send = (body: object, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: '/api/admin/send-bulk-email', payload: body, ...as(cookie) });

describe('mailing list', () => {
  it('is enforced as admin only on the server', async () => {
    const user = await signUp(app);
    for (const [method, url] of [
      ['GET', '/api/admin/mailing-list'],
      ['POST', '/api/admin/generate-tokens'],
      ['POST', '/api/admin/send-bulk-email'],
      ['GET', '/api/admin/bulk-mail/sends'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await app.inject({ method, url, ...as(user.cookie) })).statusCode, url).toBe(403);
    }
  });

  it('lists each address once (lower-cased) from the contact list, with its state, role, years and token', async () => {
    const list = await contacts();
    expect(list.map((c) => c.email)).toEqual(['tom@x.je', 'kim@x.je', 'jo@x.je', 'anna@x.je']);
    const [annaContact] = await app.db.select().from(contactsTable).where(eq(contactsTable.email, 'anna@x.je'));
    expect(list.find((c) => c.email === 'anna@x.je')).toEqual({
      firstName: 'Anna',
      lastName: 'Vibert',
      email: 'anna@x.je',
      emailOptIn: true,
      unsubscribeToken: annaContact!.unsubscribeToken,
      isDriver: true,
      roles: ['driver', 'co-driver'],
      yearCount: 2,
      years: [2010, 2012],
    });
    expect(annaContact!.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
    // Opted out as co-driver in 2012: out, whatever the other record says.
    expect(list.find((c) => c.email === 'tom@x.je')).toMatchObject({ emailOptIn: false, isDriver: true, years: [2010, 2012] });
    expect(list.find((c) => c.email === 'jo@x.je')).toMatchObject({ emailOptIn: null });
  });

  it('generates the missing tokens: unique, 192 bits, only for roles with an address', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/generate-tokens', ...as(admin.cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ generated: 5 });
    const rows = await app.db.select().from(historicParticipants).orderBy(asc(historicParticipants.id));
    const tokens = rows.flatMap((r) => [r.unsubscribeToken, r.coDriverUnsubscribeToken]).filter((t): t is string => Boolean(t));
    expect(tokens).toHaveLength(6);
    expect(new Set(tokens).size).toBe(6);
    for (const t of tokens.filter((x) => !x.startsWith('tok-'))) expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(rows[2]?.coDriverUnsubscribeToken).toBeNull();
    expect((await contacts()).every((c) => c.unsubscribeToken)).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/admin/generate-tokens', ...as(admin.cookie) })).json().generated).toBe(0);
    const audit = first(await app.db.select().from(auditLog).where(eq(auditLog.action, 'mailing_list.generate_tokens')));
    expect(audit.details).toEqual({ generated: 5 });
  });
});

describe('send bulk email', () => {
  it('refuses a missing subject or content with the spec message', async () => {
    for (const body of [{ subject: '', htmlContent: '<p>Hi</p>' }, { subject: 'Hi', htmlContent: '  ' }, { htmlContent: '<p>x</p>' }]) {
      const res = await send({ recipientType: 'mailing_list', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Subject and content are required');
    }
    const scriptOnly = await send({ subject: 'Hi', htmlContent: '<script>alert(1)</script>', recipientType: 'mailing_list' });
    expect(scriptOnly.statusCode).toBe(400);
  });

  it('queues one outbox row per opted-in contact, with a fixed Message-ID and sanitised content', async () => {
    const res = await send({
      subject: 'Cannes 2026',
      htmlContent: '<p onclick="x()">Hello <b>ralliers</b></p><script>alert(1)</script>',
      recipientType: 'mailing_list',
      onlyOptedIn: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sent: 2, message: 'Email queued for 2 recipients' });
    const s = only(await app.db.select().from(bulkSends).where(eq(bulkSends.id, body.bulkSendId)));
    expect(s).toMatchObject({
      subject: 'Cannes 2026',
      html: '<p>Hello <b>ralliers</b></p>',
      text: 'Hello ralliers',
      status: 'queued',
      onlyOptedIn: true,
    });
    const rows = await app.db
      .select()
      .from(bulkSendRecipients)
      .where(eq(bulkSendRecipients.bulkSendId, s.id))
      .orderBy(bulkSendRecipients.id);
    expect(rows.map((r) => r.email).sort()).toEqual(['anna@x.je', 'kim@x.je']);
    for (const r of rows) expect(r.messageId).toBe(`<bulk-${s.id}-${r.id}@jerseycharityrally.org>`);
    // Each recipient carries their contact's own token.
    const [anna] = await app.db.select().from(contactsTable).where(eq(contactsTable.email, 'anna@x.je'));
    expect(rows.find((r) => r.email === 'anna@x.je')?.unsubscribeToken).toBe(anna!.unsubscribeToken);
    expect(rows.find((r) => r.email === 'anna@x.je')?.mergeFields).toEqual({ firstName: 'Anna', teamName: '' });
    const audit = only(await app.db.select().from(auditLog).where(eq(auditLog.action, 'email.bulk_send')));
    expect(audit.details).toMatchObject({ recipients: 2, recipientType: 'mailing_list' });
  });

  it('without only-opted-in, mails everyone but those who opted out', async () => {
    const res = await send({ subject: 'All', htmlContent: '<p>All</p>', recipientType: 'mailing_list', onlyOptedIn: false });
    expect(res.json().sent).toBe(3);
    const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, res.json().bulkSendId));
    expect(rows.map((r) => r.email).sort()).toEqual(['anna@x.je', 'jo@x.je', 'kim@x.je']);
  });

  it("operational mail goes to this year's drivers and co-drivers once each, whatever their newsletter consent", async () => {
    await app.db.insert(signups).values([
      teamInput({
        teamName: 'A',
        driverFirstName: 'Kim',
        driverLastName: 'Le Cornu',
        driverEmail: 'KIM@x.je',
        coDriverFirstName: 'Sam',
        coDriverLastName: 'Le Feuvre',
        coDriverEmail: 'sam@x.je',
        coDriverAcceptedAt: new Date(),
      }),
      teamInput({
        teamName: 'B',
        driverFirstName: 'Tom',
        driverLastName: 'Amy',
        driverEmail: 'tom@x.je',
        coDriverEmail: 'sam@x.je',
        coDriverAcceptedAt: new Date(),
      }),
      teamInput({ rallyYear: 2018, teamName: 'Old', driverFirstName: 'Old', driverLastName: 'Team', driverEmail: 'old@x.je' }),
    ]);
    const count = await app.inject({
      method: 'GET',
      url: '/api/admin/bulk-mail/audience-count?recipientType=registered_users',
      ...as(admin.cookie),
    });
    expect(count.json()).toEqual({ count: 3, kind: 'operational' });
    const res = await send({ subject: 'Team briefing', htmlContent: '<p>Ferry times</p>', recipientType: 'registered_users' });
    expect(res.json().sent).toBe(3);
    const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, res.json().bulkSendId));
    // tom@x.je opted out of the newsletter, but is on team B this year.
    expect(rows.map((r) => r.email).sort()).toEqual(['kim@x.je', 'sam@x.je', 'tom@x.je']);
    expect(rows.find((r) => r.email === 'sam@x.je')?.mergeFields).toEqual({ firstName: 'Sam', teamName: 'A' });
    const [s] = await app.db.select().from(bulkSends).where(eq(bulkSends.id, res.json().bulkSendId));
    expect(s).toMatchObject({ kind: 'operational', onlyOptedIn: false });
  });

  it("shows each send's progress", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/bulk-mail/sends', ...as(admin.cookie) });
    const [latest] = res.json();
    expect(latest).toMatchObject({
      subject: 'Team briefing',
      recipientType: 'registered_users',
      kind: 'operational',
      status: 'queued',
      total: 3,
      queued: 3,
      sent: 0,
      failed: 0,
      skipped: 0,
      bounced: 0,
      perMinute: 0,
    });
  });
});

describe('the audience count', () => {
  const count = async (query: string) =>
    (await app.inject({ method: 'GET', url: `/api/admin/bulk-mail/audience-count?${query}`, ...as(admin.cookie) })).json().count as number;

  it('is the number of recipients a send then queues, for every filter', async () => {
    await app.db.update(contactsTable).set({ bouncedAt: new Date() }).where(eq(contactsTable.email, 'kim@x.je'));
    const cases: [string, object][] = [
      ['onlyOptedIn=true', { onlyOptedIn: true }],
      ['onlyOptedIn=false', { onlyOptedIn: false }],
      ['onlyOptedIn=false&year=2015', { onlyOptedIn: false, audience: { year: 2015 } }],
      ['onlyOptedIn=false&source=team', { onlyOptedIn: false, audience: { source: 'team' } }],
      ['onlyOptedIn=true&q=vib', { onlyOptedIn: true, audience: { q: 'vib' } }],
    ];
    for (const [query, body] of cases) {
      const n = await count(query);
      const res = await send({ subject: 'Count', htmlContent: '<p>x</p>', recipientType: 'mailing_list', ...body });
      if (n === 0) {
        expect(res.statusCode, query).toBe(400);
        continue;
      }
      expect(res.json().sent, query).toBe(n);
      const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, res.json().bulkSendId));
      expect(rows, query).toHaveLength(n);
    }
    // The bounced contact is left out; anna is the only opted-in one left.
    expect(await count('onlyOptedIn=true')).toBe(1);
    expect(await count('onlyOptedIn=false&consent=opted_out')).toBe(0);
  });
});

describe('role column', () => {
  it('says driver, co-driver, both, or nothing for a contact who never rallied', async () => {
    await insertHistoric(app, [
      {
        year: 2017,
        driverFirstName: 'No',
        driverLastName: 'Mail',
        coDriverFirstName: 'Zoe',
        coDriverLastName: 'Vibert',
        coDriverEmail: 'zoe@x.je',
      },
    ]);
    await app.db.insert(contactsTable).values({ email: 'fan@x.je', firstName: 'Fan', lastName: 'Club', sources: ['manual'] });
    const list = await contacts();
    const roles = (email: string) => list.find((c) => c.email === email)?.roles;
    expect(roles('zoe@x.je')).toEqual(['co-driver']);
    expect(roles('jo@x.je')).toEqual(['driver']);
    expect(roles('anna@x.je')).toEqual(['driver', 'co-driver']);
    expect(roles('fan@x.je')).toEqual([]);
    expect(list.find((c) => c.email === 'fan@x.je')?.isDriver).toBe(false);
  });
});
