import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { createMailer } from '../../services/mail';
import { seedContacts, startSmtp } from '../../test/bulk-mail-test-kit';
import { changeSettings } from '../../test/settings';
import { signClick } from '../../services/signed-link';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: TestApp;
let admin: { cookie: string };
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  smtp = await startSmtp();
  mailer = createMailer({ smtpUrl: smtp.url, from: 'Jersey Charity Rally <no-reply@example.org>', outboxDir: '/nonexistent' });
  app = await createTestApp({ mailer, env: { PUBLIC_URL: 'https://rally.example.org' } });
  admin = await signUpAdmin(app);
  await seedContacts(app, 2);
});
afterAll(async () => {
  await app.close();
  mailer.close();
  await smtp.close();
});

const as = () => ({ headers: { cookie: admin.cookie } });
const html = '<p>Read <a href="https://example.org/news?a=1&amp;b=2">the news</a> or <a href="mailto:help@example.org">write</a>.</p>';

async function sendAndRead(to: string) {
  smtp.received.length = 0;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/send-bulk-email',
    payload: { subject: 'News', htmlContent: html, recipientType: 'mailing_list', onlyOptedIn: true },
    ...as(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().bulkSendId as number;
  await app.bulkMail.drain(id);
  const mail = await simpleParser(smtp.received.find((m) => m.to === to)!.raw);
  return { id, html: String(mail.html), text: String(mail.text) };
}

const counted = (s: string) => [...s.matchAll(/https:\/\/rally\.example\.org\/l\/[\w.-]+/g)].map((m) => m[0]);
const clicked = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/admin/bulk-mail/sends/${id}`, ...as() })).json().clicked as number | null;
const open = (url: string) => app.inject({ method: 'GET', url: url.replace('https://rally.example.org', '') });

describe('link click counting', () => {
  it('sends web links through the site, counts each recipient once, and redirects only to the message’s own link', async () => {
    const { id, html: body, text } = await sendAndRead('p000@list.test');
    const [link] = counted(body);
    expect(link).toBeDefined();
    expect(counted(body)).toHaveLength(1);
    // The plain-text part carries the same counted link; mailto and unsubscribe links are left alone.
    expect(counted(text)).toEqual([link]);
    expect(body).toContain('href="mailto:help@example.org"');
    expect(body).toMatch(/\/unsubscribe\/[\w-]+">Unsubscribe/);
    expect(body).not.toContain('example.org/news');
    // No tracking pixel.
    expect(body).not.toMatch(/<img/i);
    expect(await clicked(id)).toBe(0);

    for (let i = 0; i < 2; i++) {
      const res = await open(link!);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.org/news?a=1&b=2');
    }
    expect(await clicked(id)).toBe(1);
    // The sending view's list carries the same count.
    const list = (await app.inject({ method: 'GET', url: '/api/admin/bulk-mail/sends', ...as() })).json() as {
      id: number;
      clicked: number;
    }[];
    expect(list.find((s) => s.id === id)?.clicked).toBe(1);
  });

  it('never redirects elsewhere: a forged, altered or out-of-range token gets a 404 and counts nothing', async () => {
    const { id, html: body } = await sendAndRead('p001@list.test');
    const link = counted(body)[0]!;
    const token = link.split('/l/')[1]!;
    const [sendId, recipientId, , mac] = token.split('.');
    const cases = [
      `/l/${sendId}.${recipientId}.1.${mac}`, // another link index under the same signature
      `/l/${sendId}.${recipientId}.0.${mac!.slice(0, -2)}xx`, // a forged signature
      `/l/${signClick(app.signingKey, { sendId: Number(sendId), recipientId: Number(recipientId), link: 7 })}`, // no 8th link
      `/l/${token}?to=https://evil.example`,
      '/l/https%3A%2F%2Fevil.example',
    ];
    for (const url of cases) {
      const res = await app.inject({ method: 'GET', url });
      if (url.includes('?to=')) {
        // The query is ignored: the message's own link, never the one in the request.
        expect(res.headers.location, url).toBe('https://example.org/news?a=1&b=2');
        continue;
      }
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
    expect(await clicked(id)).toBe(1);
  });

  it('with the setting off, links are left as written and the send shows no count', async () => {
    expect((await changeSettings(app, admin.cookie, { trackLinkClicks: false })).statusCode).toBe(200);
    const { id, html: body, text } = await sendAndRead('p000@list.test');
    expect(counted(body)).toEqual([]);
    expect(counted(text)).toEqual([]);
    expect(body).toContain('href="https://example.org/news?a=1&amp;b=2"');
    expect(await clicked(id)).toBeNull();
    await changeSettings(app, admin.cookie, { trackLinkClicks: true });
  });
});
