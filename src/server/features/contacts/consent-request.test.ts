import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, bulkSendRecipients, contacts } from '../../db/schema';
import { createMailer } from '../../services/mail';
import { signLink } from '../../services/signed-link';
import { insertHistoric } from '../../test/historic-files';
import { startSmtp } from '../../test/bulk-mail-test-kit';
import { only } from '../../test/rows';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: { cookie: string };
const as = (cookie: string) => ({ headers: { cookie } });

beforeAll(async () => {
  smtp = await startSmtp();
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Rally <rally@example.org>', outboxDir: '/nonexistent' });
  app = await createTestApp({ mailer, env: { PUBLIC_URL: 'https://rally.example.org' } });
  app.addHook('onClose', async () => mailer.close());
  app.bulkMail.configure({ ratePerSecond: 1000 });
  admin = await signUpAdmin(app);
  await insertHistoric(app, [
    // Not asked: Anna, Ben, Cat (co-driver). Opted in: Dee. Opted out: Eve.
    {
      year: 2012,
      driverFirstName: 'Anna',
      driverLastName: 'Vibert',
      email: 'anna@x.je',
      coDriverFirstName: 'Cat',
      coDriverLastName: 'Hamon',
      coDriverEmail: 'cat@x.je',
    },
    { year: 2013, driverFirstName: 'Ben', driverLastName: '<b>Le Sueur</b>', email: 'ben@x.je' },
    { year: 2014, driverFirstName: 'Dee', driverLastName: 'Pallot', email: 'dee@x.je', emailOptIn: true },
    { year: 2015, driverFirstName: 'Eve', driverLastName: 'Noel', email: 'eve@x.je', emailOptIn: false },
    { year: 2016, driverFirstName: 'Fay', driverLastName: 'Gallie', email: 'fay@x.je' },
  ]);
  // Fay was never asked but her address bounced: she is never mailed.
  await app.db.update(contacts).set({ bouncedAt: new Date() }).where(eq(contacts.email, 'fay@x.je'));
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const count = async (includeAskedBefore = false) => {
  const res = await app.inject({
    url: `/api/admin/contacts/consent-request?includeAskedBefore=${includeAskedBefore}`,
    ...as(admin.cookie),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; askedBefore: number };
};
const request = (body: object = {}, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: '/api/admin/contacts/consent-request', payload: body, ...as(cookie) });
const contact = async (email: string) => only(await app.db.select().from(contacts).where(eq(contacts.email, email)));
const follow = (token: string) => app.inject({ method: 'POST', url: '/api/consent', payload: { token } });

/** The consent requests received (the SMTP server also sees the account e-mails of signUp). */
const requests = () => smtp.received.filter((m) => m.raw.includes('Subject: Would you like to hear about'));

/** The "Yes, keep me informed" link of the latest request sent to this address. */
async function consentLinkFor(to: string) {
  const last = requests()
    .filter((m) => m.to === to)
    .at(-1);
  if (!last) throw new Error(`no consent request to ${to}`);
  const mail = await simpleParser(last.raw);
  const href = /href="(https:\/\/rally\.example\.org\/consent\/[^"]+)"/.exec(String(mail.html))?.[1];
  if (!href) throw new Error(`no consent link in the message to ${to}`);
  return { mail, token: decodeURIComponent(href.split('/consent/')[1]!) };
}

describe('Request consent', () => {
  it('is for organisers only', async () => {
    const user = await signUp(app);
    expect((await app.inject({ url: '/api/admin/contacts/consent-request' })).statusCode).toBe(401);
    expect((await request({}, user.cookie)).statusCode).toBe(403);
  });

  it('sends to exactly the counted not-asked contacts, through the outbox, with a signed link and an unsubscribe link', async () => {
    expect(await count()).toEqual({ count: 3, askedBefore: 0 });

    const res = await request();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: 3, message: 'Consent request queued for 3 contacts' });
    const sendId = res.json().bulkSendId as number;
    // Ben opts out after the send was queued: the worker's last check leaves him out.
    await app.db.update(contacts).set({ consent: 'opted_out' }).where(eq(contacts.email, 'ben@x.je'));
    await app.bulkMail.drain(sendId);

    expect(
      requests()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['anna@x.je', 'cat@x.je']);
    const rows = await app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, sendId));
    expect(rows.map((r) => `${r.email} ${r.status}`).sort()).toEqual(['anna@x.je sent', 'ben@x.je skipped', 'cat@x.je sent']);

    const { mail } = await consentLinkFor('anna@x.je');
    expect(mail.subject).toBe('Would you like to hear about the Jersey Charity Rally?');
    expect(mail.html).toContain('Hello Anna,');
    expect(mail.html).toContain('Yes, keep me informed</a>');
    expect(mail.text).toMatch(/Yes, keep me informed: https:\/\/rally\.example\.org\/consent\//);
    const unsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    expect(unsubscribe).toContain(`https://rally.example.org/unsubscribe/${(await contact('anna@x.je')).unsubscribeToken}`);
    expect(mail.html).toContain('>Unsubscribe</a>');

    // Each recipient is marked as asked; the opted-in, opted-out and bounced contacts were not asked.
    expect((await contact('anna@x.je')).consentRequestedAt).toBeInstanceOf(Date);
    expect((await contact('dee@x.je')).consentRequestedAt).toBeNull();
    expect((await contact('eve@x.je')).consentRequestedAt).toBeNull();
    expect((await contact('fay@x.je')).consentRequestedAt).toBeNull();
    const audit = only(await app.db.select().from(auditLog).where(eq(auditLog.action, 'contact.consent_request')));
    expect(audit.details).toMatchObject({ recipients: 3, includeAskedBefore: false });

    // The contact list shows when they were asked.
    const list = (await app.inject({ url: '/api/admin/contacts?q=anna', ...as(admin.cookie) })).json();
    expect(list.contacts[0].consentRequestedAt).toEqual(expect.any(String));
  });

  it('does not ask the same people again unless the organiser chooses to', async () => {
    expect(await count()).toEqual({ count: 0, askedBefore: 2 });
    const again = await request();
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/nobody to ask/);
    expect(await count(true)).toEqual({ count: 2, askedBefore: 2 });
    const chosen = await request({ includeAskedBefore: true });
    expect(chosen.json()).toMatchObject({ sent: 2 });
    await app.bulkMail.drain(chosen.json().bulkSendId);
    expect(requests().filter((m) => m.to === 'anna@x.je')).toHaveLength(2);
    expect(requests().some((m) => ['ben@x.je', 'dee@x.je', 'eve@x.je', 'fay@x.je'].includes(m.to))).toBe(false);
  });

  it('records opted in with the date and source "consent request" from the link; a tampered or other token changes nothing', async () => {
    const token = (await consentLinkFor('cat@x.je')).token;
    const cat = await contact('cat@x.je');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = signLink(Buffer.from('not the server key'), 'consent', 'cat@x.je');
    const otherPurpose = signLink(app.signingKey, 'confirm-updates', 'cat@x.je');
    for (const bad of [tampered, forged, otherPurpose, cat.unsubscribeToken]) {
      const res = await follow(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('This link is not valid or has expired');
    }
    expect((await contact('cat@x.je')).consent).toBe('not_asked');

    const before = Date.now();
    const res = await follow(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Cat' });
    const after = await contact('cat@x.je');
    expect(after).toMatchObject({ consent: 'opted_in', consentSource: 'consent request' });
    expect(after.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The same link for another address cannot be made by changing the address in it.
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    const swapped = `${Buffer.from(JSON.stringify({ ...payload, e: 'anna@x.je' })).toString('base64url')}.${sig}`;
    expect((await follow(swapped)).statusCode).toBe(400);
    expect((await contact('anna@x.je')).consent).toBe('not_asked');
  });

  it('refuses a bad body with a 400', async () => {
    const res = await request({ includeAskedBefore: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('issues');
    expect(
      (await app.inject({ url: '/api/admin/contacts/consent-request?includeAskedBefore=maybe', ...as(admin.cookie) })).statusCode,
    ).toBe(400);
  });
});
