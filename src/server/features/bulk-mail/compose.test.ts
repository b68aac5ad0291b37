import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { createTestApp, freshDatabase, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, bulkSends, contacts, emailDrafts } from '../../db/schema';
import { insertHistoric } from '../../test/historic-files';
import { startInstance, startSmtp } from '../../test/bulk-mail-test-kit';
import type { ComposePreviewAnswer, EmailDraft } from '../../../common/schemas/bulk-email';
import { only } from '../../test/rows';

const as = (cookie: string) => ({ headers: { cookie } });
const message = {
  subject: 'Hello {{firstName}}',
  htmlContent: '<h2>Dear {{firstName}}</h2><p>News for <strong>{{teamName}}</strong>.</p><script>alert(1)</script>',
  recipientType: 'mailing_list',
  onlyOptedIn: true,
};

describe('drafts, the composer preview and the send history', () => {
  let app: TestApp;
  let admin: { cookie: string };
  let user: { cookie: string };
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    user = await signUp(app);
    await insertHistoric(app, [
      { year: 2012, driverFirstName: '<script>alert("x")</script>', driverLastName: 'Evil', email: 'evil@x.je', emailOptIn: true },
      { year: 2014, driverFirstName: 'Anna', driverLastName: 'Vibert', email: 'anna@x.je', emailOptIn: true },
      { year: 2014, driverFirstName: 'Jo', driverLastName: 'Renouf', email: 'jo@x.je', emailOptIn: false },
    ]);
  });
  afterAll(() => app.close());

  const draftApi = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
    app.inject({ method, url, payload, ...as(cookie) });

  it('lets only organisers near drafts, previews, test sends and the history', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/bulk-mail/drafts'],
      ['POST', '/api/admin/bulk-mail/drafts'],
      ['GET', '/api/admin/bulk-mail/drafts/1'],
      ['PUT', '/api/admin/bulk-mail/drafts/1'],
      ['DELETE', '/api/admin/bulk-mail/drafts/1'],
      ['POST', '/api/admin/bulk-mail/preview'],
      ['POST', '/api/admin/bulk-mail/test'],
      ['GET', '/api/admin/bulk-mail/sends/1'],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PUT' ? message : undefined;
      expect((await app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await draftApi(method, url, payload, user.cookie)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await app.db.select().from(emailDrafts)).toHaveLength(0);
  });

  it('saves, lists, opens, updates and deletes a draft, audited', async () => {
    const created = await draftApi('POST', '/api/admin/bulk-mail/drafts', {
      subject: 'Spring news',
      htmlContent: '<p>Draft</p>',
      audience: { source: 'historic', consent: 'opted_in', year: '2014' },
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json() as EmailDraft;
    expect(draft).toMatchObject({
      subject: 'Spring news',
      htmlContent: '<p>Draft</p>',
      recipientType: 'mailing_list',
      onlyOptedIn: true,
      audience: { source: 'historic', consent: 'opted_in', year: 2014 },
    });
    const row = only(await app.db.select().from(emailDrafts).where(eq(emailDrafts.id, draft.id)));
    expect(row.audience).toEqual({ source: 'historic', consent: 'opted_in', year: 2014 });

    const updated = await draftApi('PUT', `/api/admin/bulk-mail/drafts/${draft.id}`, {
      subject: 'Spring news, take two',
      htmlContent: '<p>More</p>',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: draft.id, subject: 'Spring news, take two', htmlContent: '<p>More</p>', audience: {} });

    const list = (await draftApi('GET', '/api/admin/bulk-mail/drafts')).json() as EmailDraft[];
    expect(list.map((d) => d.subject)).toContain('Spring news, take two');
    expect((await draftApi('GET', `/api/admin/bulk-mail/drafts/${draft.id}`)).json().htmlContent).toBe('<p>More</p>');

    const deleted = await draftApi('DELETE', `/api/admin/bulk-mail/drafts/${draft.id}`);
    expect(deleted.json()).toEqual({ ok: true, id: draft.id });
    expect(await app.db.select().from(emailDrafts).where(eq(emailDrafts.id, draft.id))).toHaveLength(0);
    expect((await draftApi('GET', `/api/admin/bulk-mail/drafts/${draft.id}`)).statusCode).toBe(404);
    expect((await draftApi('DELETE', `/api/admin/bulk-mail/drafts/${draft.id}`)).statusCode).toBe(404);
    expect((await draftApi('PUT', `/api/admin/bulk-mail/drafts/${draft.id}`, { subject: 'x' })).statusCode).toBe(404);

    const actions = (
      await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(draft.id)))
    )
      .filter((a) => a.targetType === 'email_draft')
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['email.draft_create', 'email.draft_update', 'email.draft_delete']));
  });

  it('refuses an empty or malformed draft with a clear message and stores nothing', async () => {
    const before = (await app.db.select().from(emailDrafts)).length;
    const empty = await draftApi('POST', '/api/admin/bulk-mail/drafts', { subject: '  ', htmlContent: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('A draft needs a subject or some content');
    const cases = [
      { subject: 'x'.repeat(201) },
      { subject: 'ok', audience: { consent: 'maybe' } },
      { subject: 'ok', recipientType: 'selected_teams' },
      { subject: 'ok', onlyOptedIn: 'yes' },
      { subject: 'nul\0' },
    ];
    for (const body of cases) {
      const res = await draftApi('POST', '/api/admin/bulk-mail/drafts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues).toBeDefined();
    }
    expect((await draftApi('GET', '/api/admin/bulk-mail/drafts/abc')).statusCode).toBe(400);
    expect(await app.db.select().from(emailDrafts)).toHaveLength(before);
  });

  it('previews for a chosen recipient with merge fields escaped and the content sanitised', async () => {
    const preview = (body: object) => draftApi('POST', '/api/admin/bulk-mail/preview', { ...message, ...body });
    const first = (await preview({})).json() as ComposePreviewAnswer;
    // The audience is the opted-in contacts, in the list's order; Jo opted out.
    expect(first.recipients.map((r) => r.email)).toEqual(['evil@x.je', 'anna@x.je']);
    expect(first.recipient?.email).toBe('evil@x.je');
    expect(first.html).toContain('<h2>Dear &lt;script&gt;alert("x")&lt;/script&gt;</h2>');
    expect(first.html).not.toContain('<script');
    expect(first.subject).toBe('Hello <script>alert("x")</script>');
    expect(first.text).toContain('Dear <script>alert("x")</script>');
    expect(first.html).toMatch(/\/unsubscribe\/[\w-]+">Unsubscribe<\/a>/);

    const anna = (await preview({ recipientEmail: 'ANNA@x.je' })).json() as ComposePreviewAnswer;
    expect(anna.recipient).toEqual({ email: 'anna@x.je', name: 'Anna Vibert' });
    expect(anna.subject).toBe('Hello Anna');

    const outside = await preview({ recipientEmail: 'jo@x.je' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('That address is not among the recipients of this message');
    const blank = await preview({ htmlContent: '<script>only()</script>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Subject and content are required');

    const nobody = (await preview({ audience: { year: 1999 + 100 } })).json() as ComposePreviewAnswer;
    expect(nobody).toMatchObject({ recipient: null, recipients: [] });
  });

  it('opens a send from the history with its message, audience and counts', async () => {
    const queued = await draftApi('POST', '/api/admin/send-bulk-email', { ...message, audience: { year: 2014 } });
    expect(queued.statusCode).toBe(200);
    const id = queued.json().bulkSendId as number;
    const detail = await draftApi('GET', `/api/admin/bulk-mail/sends/${id}`);
    expect(detail.statusCode).toBe(200);
    const stored = only(await app.db.select().from(bulkSends).where(eq(bulkSends.id, id)));
    expect(detail.json()).toMatchObject({
      id,
      subject: 'Hello {{firstName}}',
      html: stored.html,
      text: stored.text,
      recipientType: 'mailing_list',
      kind: 'marketing',
      onlyOptedIn: true,
      audience: { year: 2014 },
      total: 1,
      sent: 0,
      failed: 0,
      bounced: 0,
    });
    expect(detail.json().html).not.toContain('<script');
    const history = (await draftApi('GET', '/api/admin/bulk-mail/sends')).json() as { id: number }[];
    expect(history.map((s) => s.id)).toContain(id);
    expect((await draftApi('GET', '/api/admin/bulk-mail/sends/999999')).statusCode).toBe(404);
  });
});

describe('the composer through a real SMTP exchange', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let instance: Awaited<ReturnType<typeof startInstance>>;
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    database = await freshDatabase();
    instance = await startInstance(database, smtp.url, { MAIL_RATE_PER_SECOND: '200', MAIL_CONCURRENCY: '2' });
    app = instance.app;
    await app.bulkMail.start();
    admin = await signUpAdmin(app);
    await insertHistoric(app, [
      { year: 2011, driverFirstName: 'Ann<b>', driverLastName: 'One', email: 'ann@list.test', emailOptIn: true },
      { year: 2011, driverFirstName: 'Ben', driverLastName: 'Two', email: 'ben@list.test', emailOptIn: true },
      { year: 2012, driverFirstName: 'Cat', driverLastName: 'Three', email: 'cat@list.test', emailOptIn: true },
      { year: 2011, driverFirstName: 'Dan', driverLastName: 'Four', email: 'dan@list.test', emailOptIn: false },
      { year: 2011, driverFirstName: 'Eve', driverLastName: 'Five', email: 'eve@list.test' },
    ]);
    // Someone added by hand, opted in, never in 2011: left out by the year filter.
    await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Fay', lastName: 'Six', email: 'fay@list.test', consent: 'opted_in' },
      ...as(admin.cookie),
    });
  }, 60_000);
  afterAll(async () => {
    await instance.jobs.stop({ graceful: false, wait: true }).catch(() => {});
    await app.close();
    await database.close();
    await smtp.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, ...as(admin.cookie) });
  const waitDone = (id: number) =>
    vi.waitFor(async () => expect(only(await app.db.select().from(bulkSends).where(eq(bulkSends.id, id))).status).toBe('done'), {
      timeout: 30_000,
      interval: 100,
    });

  it('sends as many messages as the audience count said, to exactly the audience, and the preview is what arrives', async () => {
    const audience = { source: 'historic', year: '2011' };
    const count = await app.inject({
      method: 'GET',
      url: '/api/admin/bulk-mail/audience-count?recipientType=mailing_list&onlyOptedIn=true&source=historic&year=2011',
      ...as(admin.cookie),
    });
    expect(count.json()).toEqual({ count: 2, kind: 'marketing' });
    const preview = (await post('/api/admin/bulk-mail/preview', { ...message, audience, recipientEmail: 'ann@list.test' })).json();

    smtp.received.length = 0;
    const queued = await post('/api/admin/send-bulk-email', { ...message, audience });
    expect(queued.json().sent).toBe(2);
    const id = queued.json().bulkSendId as number;
    await waitDone(id);
    expect(smtp.received.map((m) => m.to).sort()).toEqual(['ann@list.test', 'ben@list.test']);

    const ann = await simpleParser(smtp.received.find((m) => m.to === 'ann@list.test')!.raw);
    expect(ann.subject).toBe(preview.subject);
    expect(ann.subject).toBe('Hello Ann<b>');
    expect(String(ann.html).trim()).toBe(preview.html.trim());
    expect(String(ann.text).trim()).toBe(preview.text.trim());
    expect(preview.html).toContain('Dear Ann&lt;b&gt;');

    const detail = (await app.inject({ method: 'GET', url: `/api/admin/bulk-mail/sends/${id}`, ...as(admin.cookie) })).json();
    expect(detail).toMatchObject({
      status: 'done',
      total: 2,
      sent: 2,
      failed: 0,
      bounced: 0,
      queued: 0,
      audience: { source: 'historic', year: 2011 },
    });
  });

  it('sends a test only to the signed-in organiser, marked as a test, filled in for the chosen recipient', async () => {
    smtp.received.length = 0;
    const res = await post('/api/admin/bulk-mail/test', { ...message, recipientEmail: 'cat@list.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Test email sent to ${admin.email}`, to: admin.email });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    expect(smtp.received[0]!.to).toBe(admin.email);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('[Test] Hello Cat');
    expect(String(mail.html)).toContain('filled in for Cat Three');
    expect(String(mail.html)).toContain('<h2>Dear Cat</h2>');
    expect(mail.text).toContain('Dear Cat');
    // This organiser is not a contact: the link is the example page, never Cat's own, and the note says so.
    expect(String(mail.html)).toContain('href="https://rally.example.org/unsubscribe">Unsubscribe');
    expect(mail.text).toContain('its unsubscribe link is only an example');
    expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
    expect(await app.db.select().from(bulkSends).where(eq(bulkSends.subject, message.subject))).toHaveLength(1);
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.bulk_test'), eq(auditLog.actorEmail, admin.email)));
    expect(audited).toHaveLength(1);
  });

  it('gives a tester who is a contact their own unsubscribe link, which unsubscribes them and nobody else', async () => {
    const tester = await signUpAdmin(app);
    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      payload: { firstName: 'Tess', lastName: 'Tester', email: tester.email, consent: 'opted_in' },
      ...as(tester.cookie),
    });
    expect(added.statusCode).toBe(201);
    smtp.received.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/bulk-mail/test',
      payload: { ...message, recipientEmail: 'cat@list.test' },
      ...as(tester.cookie),
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.text).toContain('Its unsubscribe link is yours');
    const link = /href="https:\/\/rally\.example\.org(\/unsubscribe\/[^"]+)">Unsubscribe/.exec(String(mail.html))?.[1];
    expect(link).toBeTruthy();
    expect(String(mail.text)).toContain(`https://rally.example.org${link}`);

    // Followed, the link names the tester, and its button takes the tester off the list.
    const seen = await app.inject({ method: 'GET', url: `/api${link}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ firstName: 'Tess', lastName: 'Tester', unsubscribed: false });
    const done = await app.inject({ method: 'POST', url: `/api${link}` });
    expect(done.statusCode).toBe(200);
    const consentOf = async (email: string) => only(await app.db.select().from(contacts).where(eq(contacts.email, email))).consent;
    expect(await consentOf(tester.email)).toBe('opted_out');
    // The recipient the test was filled in for is untouched.
    expect(await consentOf('cat@list.test')).toBe('opted_in');
  });

  it('limits test sends to ten in ten minutes per organiser', async () => {
    const other = await signUpAdmin(app);
    const test = () => app.inject({ method: 'POST', url: '/api/admin/bulk-mail/test', payload: message, ...as(other.cookie) });
    for (let i = 0; i < 10; i++) expect((await test()).statusCode).toBe(200);
    const refused = await test();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.to === other.email)).toHaveLength(10));
  });
});

describe('merge fields cannot make links', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let instance: Awaited<ReturnType<typeof startInstance>>;
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  const HOSTILE = 'javascript:alert(1)//';
  beforeAll(async () => {
    smtp = await startSmtp();
    database = await freshDatabase();
    instance = await startInstance(database, smtp.url, { MAIL_RATE_PER_SECOND: '200', MAIL_CONCURRENCY: '2' });
    app = instance.app;
    await app.bulkMail.start();
    admin = await signUpAdmin(app);
    await insertHistoric(app, [
      { year: 2013, driverFirstName: HOSTILE, driverLastName: 'Mallory', email: 'js@list.test', emailOptIn: true },
      { year: 2013, driverFirstName: 'Anna', driverLastName: 'Vibert', email: 'anna@list.test', emailOptIn: true },
    ]);
  }, 60_000);
  afterAll(async () => {
    await instance.jobs.stop({ graceful: false, wait: true }).catch(() => {});
    await app.close();
    await database.close();
    await smtp.close();
  });

  const linking = {
    subject: 'For {{firstName}}',
    htmlContent: `<p>Hello {{firstName}}, <a href="{{firstName}}">x</a> and <a href="https://example.org/team">{{firstName}}'s page</a>.</p>`,
    recipientType: 'mailing_list',
    onlyOptedIn: true,
    audience: { source: 'historic', year: '2013' },
  };
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, ...as(admin.cookie) });
  /** Every href and src of a piece of HTML, as a browser would read them. */
  const urlsIn = (html: string) => [...html.matchAll(/\s(?:href|src)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const scriptLink = (html: string) => urlsIn(html).some((u) => /^\s*javascript:/i.test(u));

  it('a contact named "javascript:alert(1)//" in <a href="{{firstName}}"> gets no script link in the preview', async () => {
    const preview = (
      await post('/api/admin/bulk-mail/preview', { ...linking, recipientEmail: 'js@list.test' })
    ).json() as ComposePreviewAnswer;
    expect(preview.recipient?.email).toBe('js@list.test');
    expect(urlsIn(preview.html).length).toBeGreaterThan(0);
    expect(scriptLink(preview.html)).toBe(false);
    expect(preview.html).not.toMatch(/href="javascript:/i);
    // The name is still written, as text, in the text and in a safe link's text.
    expect(preview.html).toContain(`Hello ${HOSTILE}, `);
    expect(preview.html).toContain(`${HOSTILE}'s page</a>`);
    expect(preview.text).toContain(`Hello ${HOSTILE}`);
    expect(preview.subject).toBe(`For ${HOSTILE}`);

    const anna = (
      await post('/api/admin/bulk-mail/preview', { ...linking, recipientEmail: 'anna@list.test' })
    ).json() as ComposePreviewAnswer;
    expect(anna.html).toContain('Hello Anna, ');
    expect(anna.html).toMatch(/<a href="https:\/\/example\.org\/team"[^>]*>Anna's page<\/a>/);
    expect(anna.text).toContain('Hello Anna');
  });

  it('nor in the message that arrives, while ordinary merge fields still fill in', async () => {
    smtp.received.length = 0;
    const queued = await post('/api/admin/send-bulk-email', linking);
    expect(queued.statusCode).toBe(200);
    const id = queued.json().bulkSendId as number;
    await vi.waitFor(async () => expect(only(await app.db.select().from(bulkSends).where(eq(bulkSends.id, id))).status).toBe('done'), {
      timeout: 30_000,
      interval: 100,
    });
    expect(smtp.received.map((m) => m.to).sort()).toEqual(['anna@list.test', 'js@list.test']);

    const hostile = await simpleParser(smtp.received.find((m) => m.to === 'js@list.test')!.raw);
    const html = String(hostile.html);
    expect(scriptLink(html)).toBe(false);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain(`${HOSTILE}'s page</a>`);
    expect(hostile.subject).toBe(`For ${HOSTILE}`);

    const anna = await simpleParser(smtp.received.find((m) => m.to === 'anna@list.test')!.raw);
    expect(String(anna.html)).toContain('Hello Anna, ');
    // The web link arrives through the site's click counter (/l/...), which leads to it.
    expect(String(anna.html)).toMatch(/<a href="[^"]*\/l\/[\w.-]+"[^>]*>Anna's page<\/a>/);
    expect(anna.text).toContain('Hello Anna');
    expect(anna.subject).toBe('For Anna');
  });
});
