import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { simpleParser } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { createTestApp, freshDatabase } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { bulkSendRecipients, bulkSends, contacts, historicParticipants, signups } from '../../db/schema';
import { OPERATIONAL_NOTE } from './content';
import { createMailer } from '../../services/mail';
import { perRecipient, seedContacts, smtpError, startInstance, startSmtp } from '../../test/bulk-mail-test-kit';
import { only } from '../../test/rows';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

async function queueSend(app: FastifyInstance, body: object = {}) {
  const admin = await signUpAdmin(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/send-bulk-email',
    headers: { cookie: admin.cookie },
    payload: {
      subject: 'Ferry times',
      htmlContent: '<h1>Cannes 2026</h1><p>See you in <a href="https://example.org/st-malo">St Malo</a>.</p>',
      recipientType: 'mailing_list',
      onlyOptedIn: true,
      ...body,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().bulkSendId as number;
}

const sendStatus = async (app: FastifyInstance, id: number) =>
  only(await app.db.select().from(bulkSends).where(eq(bulkSends.id, id))).status;
const rowsOf = (app: FastifyInstance, id: number) =>
  app.db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.bulkSendId, id)).orderBy(bulkSendRecipients.id);

describe('bulk e-mail through a real SMTP exchange', () => {
  it('sends 500 messages, one per recipient, shared by two instances, each with its unsubscribe headers', async () => {
    const smtp = await startSmtp();
    const database = await freshDatabase();
    const env = { MAIL_RATE_PER_SECOND: '400', MAIL_CONCURRENCY: '4' };
    const a = await startInstance(database, smtp.url, env);
    const b = await startInstance(database, smtp.url, env);
    cleanups.push(
      smtp.close,
      () => database.close(),
      () => a.jobs.stop({ graceful: false, wait: true }),
      () => b.jobs.stop({ graceful: false, wait: true }),
      () => a.app.close(),
      () => b.app.close(),
    );
    await a.app.bulkMail.start();
    await b.app.bulkMail.start();
    await seedContacts(a.app, 500);

    const id = await queueSend(a.app);
    void b.app.bulkMail.drain(id); // both instances work on the same send at once
    await vi.waitFor(async () => expect(await sendStatus(a.app, id)).toBe('done'), { timeout: 220_000, interval: 250 });

    expect(smtp.received).toHaveLength(500);
    const counts = perRecipient(smtp.received);
    expect(counts.size).toBe(500);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    const rows = await rowsOf(a.app, id);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    const messageIds = smtp.received.map((m) => /^Message-ID: (<[^>]+>)/im.exec(m.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(500);
    expect(new Set(messageIds)).toEqual(new Set(rows.map((r) => r.messageId)));

    const sample = smtp.received.find((m) => m.to === 'p042@list.test')!;
    const mail = await simpleParser(sample.raw);
    const row = rows.find((r) => r.email === 'p042@list.test')!;
    const link = `https://rally.example.org/unsubscribe/${row.unsubscribeToken}`;
    expect(mail.messageId).toBe(row.messageId);
    expect(mail.subject).toBe('Ferry times');
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${link}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Cannes 2026');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);

    const progress = (
      await a.app.inject({ method: 'GET', url: '/api/admin/bulk-mail/sends', headers: { cookie: (await signUpAdmin(a.app)).cookie } })
    ).json();
    expect(progress[0]).toMatchObject({ id, status: 'done', total: 500, sent: 500, queued: 0, failed: 0, skipped: 0 });

    // The mail client's one-click unsubscribe takes the person off the list.
    const click = await b.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(click.statusCode).toBe(200);
    const [c] = await a.app.db.select().from(contacts).where(eq(contacts.email, 'p042@list.test'));
    expect(c).toMatchObject({ consent: 'opted_out', consentSource: 'unsubscribe link' });
  }, 240_000);

  it('resumes after an instance dies mid-send: nobody skipped, nobody mailed twice beyond the in-flight messages', async () => {
    const smtp = await startSmtp();
    const database = await freshDatabase();
    const env = { MAIL_RATE_PER_SECOND: '300', MAIL_CONCURRENCY: '4' };
    const a = await startInstance(database, smtp.url, env);
    cleanups.push(
      smtp.close,
      () => database.close(),
      () => a.jobs.stop({ graceful: false, wait: true }),
      () => a.app.close(),
      async () => smtp.releaseHeld(),
    );
    a.app.bulkMail.configure({ leaseMs: 1500 });
    await a.app.bulkMail.start();
    await seedContacts(a.app, 500);
    const id = await queueSend(a.app);

    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(150), { timeout: 30_000, interval: 20 });
    // The instance dies in the middle of SMTP exchanges: those messages never get their answer.
    smtp.state.hold = true;
    await vi.waitFor(() => expect(smtp.held.length).toBeGreaterThan(0), { timeout: 5000, interval: 5 });
    const stopped = a.app.bulkMail.stop();
    await a.jobs.stop({ graceful: false, wait: true });
    const inFlight = (await rowsOf(a.app, id)).filter((r) => r.status === 'sending').length;
    expect(inFlight).toBeGreaterThan(0);
    expect(inFlight).toBeLessThanOrEqual(4);
    smtp.state.hold = false;

    // A new instance on the same database picks the send up by itself.
    const b = await startInstance(database, smtp.url, env);
    cleanups.push(
      () => b.jobs.stop({ graceful: false, wait: true }),
      () => b.app.close(),
    );
    b.app.bulkMail.configure({ leaseMs: 1500 });
    await b.app.bulkMail.start();
    await vi.waitFor(async () => expect(await sendStatus(b.app, id)).toBe('done'), { timeout: 220_000, interval: 250 });

    const counts = perRecipient(smtp.received);
    expect(counts.size).toBe(500);
    const repeated = [...counts.values()].filter((n) => n > 1).length;
    expect(repeated).toBeLessThanOrEqual(inFlight);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    // The dead instance's late answers change nothing.
    smtp.releaseHeld();
    await stopped; // the dead instance has had its answers and finished its lanes
    expect((await rowsOf(b.app, id)).every((r) => r.status === 'sent')).toBe(true);
  }, 240_000);
});

describe('bulk e-mail failures', () => {
  async function smtpApp() {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Jersey Charity Rally <no-reply@example.org>', outboxDir: '/nonexistent' });
    const app = await createTestApp({ mailer, env: { PUBLIC_URL: 'https://rally.example.org' } });
    cleanups.push(
      smtp.close,
      () => app.close(),
      async () => mailer.close(),
    );
    return { smtp, app };
  }

  it('retries a 4xx reply with backoff, gives up after the last attempt; a 5xx is a bounce, left out of later sends', async () => {
    const { smtp, app } = await smtpApp();
    app.bulkMail.configure({ retryBaseMs: 30, maxAttempts: 3, ratePerSecond: 1000 });
    await seedContacts(app, 6);
    const tries = new Map<string, number>();
    smtp.state.reply = (to) => {
      tries.set(to, (tries.get(to) ?? 0) + 1);
      if (to === 'p001@list.test' && tries.get(to)! <= 2) return smtpError(450, 'Mailbox busy');
      if (to === 'p002@list.test') return smtpError(550, 'No such user');
      if (to === 'p003@list.test') return smtpError(451, 'Try later');
      return undefined;
    };
    const id = await queueSend(app);
    await app.bulkMail.drain(id);
    expect(await sendStatus(app, id)).toBe('done');
    expect(smtp.received.map((m) => m.to).sort()).toEqual(['p000@list.test', 'p001@list.test', 'p004@list.test', 'p005@list.test']);
    const rows = await rowsOf(app, id);
    const by = (e: string) => rows.find((r) => r.email === e)!;
    expect(by('p001@list.test')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(by('p002@list.test')).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(by('p003@list.test')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(by('p003@list.test').lastError).toContain('Try later');
    const [bounced] = await app.db.select().from(contacts).where(eq(contacts.email, 'p002@list.test'));
    expect(bounced!.bouncedAt).not.toBeNull();
    expect(bounced!.bounceReason).toContain('No such user');
    const admin = await signUpAdmin(app);
    const progress = (await app.inject({ method: 'GET', url: '/api/admin/bulk-mail/sends', headers: { cookie: admin.cookie } })).json();
    expect(progress[0]).toMatchObject({ id, sent: 4, failed: 1, bounced: 1 });
    // The next send leaves the bounced address out, and its count says so.
    const count = await app.inject({
      method: 'GET',
      url: '/api/admin/bulk-mail/audience-count?onlyOptedIn=true',
      headers: { cookie: admin.cookie },
    });
    expect(count.json().count).toBe(5);
    const next = await queueSend(app);
    expect((await rowsOf(app, next)).map((r) => r.email)).not.toContain('p002@list.test');
  });

  it('pauses after many consecutive failures, and carries on when an organiser resumes it', async () => {
    const { smtp, app } = await smtpApp();
    app.bulkMail.configure({ pauseAfterFailures: 5, concurrency: 1, ratePerSecond: 1000 });
    await seedContacts(app, 12);
    smtp.state.reply = () => smtpError(554, 'Transaction failed');
    const id = await queueSend(app);
    await app.bulkMail.drain(id);
    expect(await sendStatus(app, id)).toBe('paused');
    const rows = await rowsOf(app, id);
    expect(rows.filter((r) => r.status === 'bounced')).toHaveLength(5);
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(7);

    smtp.state.reply = () => undefined;
    const admin = await signUpAdmin(app);
    const resume = await app.inject({ method: 'POST', url: `/api/admin/bulk-mail/sends/${id}/resume`, headers: { cookie: admin.cookie } });
    expect(resume.statusCode).toBe(200);
    await app.bulkMail.drain(id);
    expect(await sendStatus(app, id)).toBe('done');
    expect(smtp.received).toHaveLength(7);
  });

  it('records an answered message once the database answers again, instead of sending it again', async () => {
    const { smtp, app } = await smtpApp();
    app.bulkMail.configure({ concurrency: 1, ratePerSecond: 1000 });
    await seedContacts(app, 3);
    const id = await queueSend(app);
    // The database drops the connection just as the first accepted message is to be recorded (a restart, a failover).
    const recordsOfSent: string[] = [];
    const execute = app.db.execute.bind(app.db);
    app.db.execute = ((query: Parameters<typeof execute>[0]) => {
      const text = new PgDialect().sqlToQuery(query as SQL).sql;
      if (/^\s*update bulk_send_recipients r set status = 'sent'/.test(text)) {
        recordsOfSent.push(text);
        if (recordsOfSent.length === 1) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
      }
      return execute(query);
    }) as typeof app.db.execute;
    await app.bulkMail.drain(id);
    // One lane: the failed record, its retry, and one for each of the other two rows.
    expect(recordsOfSent).toHaveLength(4);
    expect(await sendStatus(app, id)).toBe('done');
    expect(smtp.received.map((m) => m.to).sort()).toEqual(['p000@list.test', 'p001@list.test', 'p002@list.test']);
    expect((await rowsOf(app, id)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('skips a contact who left the list after the send was queued', async () => {
    const { smtp, app } = await smtpApp();
    await seedContacts(app, 3);
    const id = await queueSend(app);
    const row = (await rowsOf(app, id)).find((r) => r.email === 'p001@list.test')!;
    expect((await app.inject({ method: 'POST', url: `/api/unsubscribe/${row.unsubscribeToken}` })).statusCode).toBe(200);
    await app.bulkMail.drain(id);
    expect(smtp.received.map((m) => m.to).sort()).toEqual(['p000@list.test', 'p002@list.test']);
    expect((await rowsOf(app, id)).find((r) => r.email === 'p001@list.test')?.status).toBe('skipped');
  });

  it('marketing mail fills merge fields as text and carries one-click unsubscribe; operational mail carries the note instead', async () => {
    const { smtp, app } = await smtpApp();
    await app.db
      .insert(historicParticipants)
      .values({ year: 2012, driverFirstName: '<script>alert(1)</script>', driverLastName: 'X', email: 'evil@list.test', emailOptIn: true });
    const id = await queueSend(app, { subject: 'Hello {{firstName}}', htmlContent: '<p>Dear {{ firstName }}, team {{teamName}}.</p>' });
    await app.bulkMail.drain(id);
    const mail = await simpleParser(smtp.received.find((m) => m.to === 'evil@list.test')!.raw);
    expect(mail.subject).toBe('Hello <script>alert(1)</script>');
    expect(mail.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;, team .');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Dear <script>alert(1)</script>, team .');
    expect(mail.headerLines.some((h) => h.key === 'list-unsubscribe-post')).toBe(true);

    // Operational: to this year's team, though the co-driver opted out of the newsletter.
    await app.db
      .insert(historicParticipants)
      .values({ year: 2015, driverFirstName: 'Out', driverLastName: 'Person', email: 'out@list.test', emailOptIn: false });
    await app.db.insert(signups).values({
      rallyYear: 2026,
      teamName: 'Les Escargots',
      driverFirstName: 'Kim',
      driverLastName: 'Le Cornu',
      driverEmail: 'kim@list.test',
      driverPhone: '1',
      driverAddress: 'a',
      coDriverFirstName: 'Out',
      coDriverLastName: 'Person',
      coDriverEmail: 'out@list.test',
      coDriverAcceptedAt: new Date(),
      emergencyContactName: 'e',
      emergencyContactPhone: '2',
      emergencyContactRelationship: 'r',
    });
    const ops = await queueSend(app, {
      recipientType: 'registered_users',
      subject: 'Ferry for {{teamName}}',
      htmlContent: '<p>Hi {{firstName}}</p>',
    });
    await app.bulkMail.drain(ops);
    const opsMail = smtp.received.filter((m) => m.to === 'out@list.test' || m.to === 'kim@list.test');
    expect(opsMail.map((m) => m.to).sort()).toEqual(['kim@list.test', 'out@list.test']);
    const parsed = await simpleParser(opsMail.find((m) => m.to === 'out@list.test')!.raw);
    expect(parsed.subject).toBe('Ferry for Les Escargots');
    expect(parsed.text).toContain('Hi Out');
    expect(parsed.text).toContain(OPERATIONAL_NOTE);
    expect(parsed.headerLines.some((h) => h.key.startsWith('list-unsubscribe'))).toBe(false);
    expect(parsed.html).not.toContain('Unsubscribe');
    // The same opted-out person is never in a marketing send.
    const marketing = await queueSend(app, { onlyOptedIn: false });
    expect((await rowsOf(app, marketing)).map((r) => r.email)).not.toContain('out@list.test');
  });
});
