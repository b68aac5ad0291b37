import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { insertHistoric } from '../../test/historic-files';
import { contacts } from '../../db/schema';
import { LINK_LIFETIME_MS, signLink } from '../../services/signed-link';
import { only } from '../../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const follow = (token: string) => app.inject({ method: 'POST', url: '/api/consent', payload: { token } });
const contactOf = async (email: string) => only(await app.db.select().from(contacts).where(eq(contacts.email, email)));
const unsubscribe = async (email: string) => {
  const { unsubscribeToken } = await contactOf(email);
  expect((await app.inject({ method: 'POST', url: `/api/unsubscribe/${unsubscribeToken}` })).statusCode).toBe(200);
  expect((await contactOf(email)).consent).toBe('opted_out');
};

/** The same link followed again: refused, saying so, and the later opt-out stands. */
async function expectSpent(token: string, email: string) {
  const again = await follow(token);
  expect(again.statusCode).toBe(410);
  expect(again.json().message).toMatch(/^This link has already been used/);
  expect(await contactOf(email)).toMatchObject({ consent: 'opted_out', consentSource: 'unsubscribe link' });
}

describe('links that opt someone in work once', () => {
  it('a consent request\'s "Yes, keep me informed" link cannot opt the person back in after they unsubscribe', async () => {
    await insertHistoric(app, [{ year: 2014, driverFirstName: 'Rose', driverLastName: 'Le Cornu', email: 'rose@x.je', emailOptIn: null }]);
    expect((await contactOf('rose@x.je')).consent).toBe('not_asked');
    const token = signLink(app.signingKey, 'consent', 'rose@x.je');

    const first = await follow(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().firstName).toBe('Rose');
    expect(await contactOf('rose@x.je')).toMatchObject({ consent: 'opted_in', consentSource: 'consent request' });

    await unsubscribe('rose@x.je');
    await expectSpent(token, 'rose@x.je');
  });

  it('a Get Updates confirmation link cannot opt the subscriber back in after they unsubscribe', async () => {
    await app.inject({ method: 'POST', url: '/api/email-updates', payload: { name: 'Luc Renouf', email: 'luc@x.je' } });
    const mail = app.mail.sent.find((m) => m.to === 'luc@x.je');
    const token = /\/consent\/([A-Za-z0-9_.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    expect((await follow(token)).statusCode).toBe(200);
    expect(await contactOf('luc@x.je')).toMatchObject({ consent: 'opted_in', consentSource: 'Get Updates' });

    await unsubscribe('luc@x.je');
    await expectSpent(token, 'luc@x.je');
  });

  it('a link that opted nobody in is not spent by trying', async () => {
    const token = signLink(app.signingKey, 'consent', 'later@x.je');
    expect((await follow(token)).statusCode).toBe(400);
    await insertHistoric(app, [{ year: 2016, driverFirstName: 'Later', driverLastName: 'On', email: 'later@x.je', emailOptIn: null }]);
    expect((await follow(token)).statusCode).toBe(200);
    expect((await contactOf('later@x.je')).consent).toBe('opted_in');
  });
});

/** A link followed for the first time after the person opted out: refused, saying why, nothing changed. */
async function expectOptOutStands(token: string, email: string) {
  const res = await follow(token);
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toMatch(/^You unsubscribed after this link was sent, so it changes nothing now/);
  expect(await contactOf(email)).toMatchObject({ consent: 'opted_out', consentSource: 'unsubscribe link' });
}

describe('links sent before an opt-out never undo it', () => {
  it('an unused consent link followed after the person unsubscribed leaves them opted out', async () => {
    await insertHistoric(app, [{ year: 2015, driverFirstName: 'Jane', driverLastName: 'Le Brun', email: 'jane@x.je', emailOptIn: null }]);
    const token = signLink(app.signingKey, 'consent', 'jane@x.je', undefined, Date.now() - 1000);
    await unsubscribe('jane@x.je');
    await expectOptOutStands(token, 'jane@x.je');
    // Refused without being spent: the answer does not turn into "already used".
    expect((await follow(token)).statusCode).toBe(409);
  });

  it('an unused Get Updates confirmation link followed after the person unsubscribed leaves them opted out', async () => {
    await insertHistoric(app, [{ year: 2013, driverFirstName: 'Marc', driverLastName: 'Gallie', email: 'marc@x.je', emailOptIn: null }]);
    await app.inject({ method: 'POST', url: '/api/email-updates', payload: { name: 'Marc Gallie', email: 'marc@x.je' } });
    const mail = app.mail.sent.find((m) => m.to === 'marc@x.je');
    const token = /\/consent\/([A-Za-z0-9_.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    await unsubscribe('marc@x.je');
    await expectOptOutStands(token, 'marc@x.je');
  });

  it('a link made before links carried their issue time is judged by its expiry less its lifetime', async () => {
    await insertHistoric(app, [{ year: 2012, driverFirstName: 'Old', driverLastName: 'Link', email: 'old@x.je', emailOptIn: null }]);
    // As signLink wrote them before: purpose, address and expiry only, sent a day ago.
    const legacy = (expiresAt: number) => {
      const body = Buffer.from(JSON.stringify({ p: 'consent', e: 'old@x.je', x: expiresAt })).toString('base64url');
      return `${body}.${createHmac('sha256', app.signingKey).update(`signed-link:${body}`).digest('base64url')}`;
    };
    const sentBefore = legacy(Date.now() - 24 * 60 * 60 * 1000 + LINK_LIFETIME_MS.consent);
    await unsubscribe('old@x.je');
    await expectOptOutStands(sentBefore, 'old@x.je');
    // One sent after the opt-out (expiring later than a link made now would) still opts in.
    const sentAfter = legacy(Date.now() + 60 * 1000 + LINK_LIFETIME_MS.consent);
    expect((await follow(sentAfter)).statusCode).toBe(200);
    expect((await contactOf('old@x.je')).consent).toBe('opted_in');
  });
});

describe('the way back after a spent link', () => {
  it('Get Updates sends someone who confirmed and then unsubscribed a fresh link, which opts them in', async () => {
    const subscribe = () => app.inject({ method: 'POST', url: '/api/email-updates', payload: { name: 'Ann Vibert', email: 'ann@x.je' } });
    const links = () => app.mail.sent.filter((m) => m.to === 'ann@x.je').map((m) => /\/consent\/([A-Za-z0-9_.-]+)/.exec(m.text)?.[1] ?? '');
    await subscribe();
    expect((await follow(links()[0]!)).statusCode).toBe(200);
    // On the list: asking again sends nothing.
    await subscribe();
    expect(links()).toHaveLength(1);

    await unsubscribe('ann@x.je');
    await subscribe();
    expect(links()).toHaveLength(2);
    expect((await follow(links()[1]!)).statusCode).toBe(200);
    expect((await contactOf('ann@x.je')).consent).toBe('opted_in');
  });
});
