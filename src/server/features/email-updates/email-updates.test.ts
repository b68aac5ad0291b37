import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { eq } from 'drizzle-orm';
import { contacts, emailUpdates } from '../../db/schema';
import { signLink } from '../../services/signed-link';
import { SUBSCRIBE_LIMIT } from './routes';
import { only } from '../../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const subscribe = (payload: unknown) => app.inject({ method: 'POST', url: '/api/email-updates', payload: payload as object });
const rows = () => app.db.select().from(emailUpdates);

describe('POST /api/email-updates', () => {
  it('stores a subscription', async () => {
    const res = await subscribe({ name: '  Jane Renouf ', email: 'jane@example.je' });
    expect(res.statusCode).toBe(201);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Jane Renouf', email: 'jane@example.je' });
  });

  it('answers success for the same e-mail again but keeps one row', async () => {
    const again = await subscribe({ name: 'Jane R', email: 'JANE@example.je' });
    expect(again.statusCode).toBe(201);
    const stored = (await rows()).filter((r) => r.email.toLowerCase() === 'jane@example.je');
    expect(stored).toHaveLength(1);
    expect(only(stored).name).toBe('Jane Renouf');
  });

  it('rejects a missing name with the spec message and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await subscribe({ name: '   ', email: 'someone@example.je' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name is required');
    expect((await subscribe({ email: 'someone@example.je' })).json().message).toBe('Name is required');
    expect((await rows()).length).toBe(before);
  });

  it('rejects a malformed e-mail and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await subscribe({ name: 'Sam', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['email']);
    expect((await subscribe({ name: 'Sam' })).statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/email-updates',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a flood from one address with 429 and stores nothing more', async () => {
    const from = (i: number, remoteAddress = '10.0.0.9') =>
      app.inject({ method: 'POST', url: '/api/email-updates', remoteAddress, payload: { name: 'Bot', email: `bot${i}@example.je` } });
    for (let i = 0; i < SUBSCRIBE_LIMIT.max; i++) expect((await from(i)).statusCode).toBe(201);
    const before = (await rows()).length;
    const refused = await from(999);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await rows()).length).toBe(before);
    expect((await from(1000, '10.0.0.10')).statusCode).toBe(201);
  });
});

describe('double opt-in for Get Updates (on by default)', () => {
  const linkIn = (text: string) => /\/consent\/([A-Za-z0-9_.-]+)/.exec(text)?.[1] ?? '';

  it('sends a confirmation link and opts the subscriber in only when it is followed', async () => {
    const res = await subscribe({ name: 'Marie Le Brocq', email: 'Marie@Example.je' });
    expect(res.statusCode).toBe(201);
    const mail = app.mail.sent.find((m) => m.to === 'Marie@Example.je');
    expect(mail?.subject).toContain('Please confirm');
    expect(await app.db.select().from(contacts).where(eq(contacts.email, 'marie@example.je'))).toEqual([]);

    const token = linkIn(mail!.text);
    const confirmed = await app.inject({ method: 'POST', url: '/api/consent', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().firstName).toBe('Marie');
    const [c] = await app.db.select().from(contacts).where(eq(contacts.email, 'marie@example.je'));
    expect(c).toMatchObject({
      firstName: 'Marie',
      lastName: 'Le Brocq',
      sources: ['updates'],
      consent: 'opted_in',
      consentSource: 'Get Updates',
    });
    expect(Date.now() - c!.consentAt!.getTime()).toBeLessThan(60_000);
    const [sub] = await app.db.select().from(emailUpdates).where(eq(emailUpdates.email, 'Marie@Example.je'));
    expect(sub!.confirmedAt).not.toBeNull();
  });

  it('refuses a forged, tampered or other-purpose token and records nothing', async () => {
    await subscribe({ name: 'Paul Renouf', email: 'paul@example.je' });
    const real = linkIn(app.mail.sent.find((m) => m.to === 'paul@example.je')!.text);
    const [body, sig] = real.split('.');
    const otherBody = Buffer.from(JSON.stringify({ p: 'confirm-updates', e: 'someone@else.je', x: Date.now() + 1e6 })).toString(
      'base64url',
    );
    const wrongKey = signLink(Buffer.from('not the key'), 'confirm-updates', 'paul@example.je');
    const expired = signLink(app.signingKey, 'confirm-updates', 'paul@example.je', -1000);
    // One character of the signature changed (to another character, whatever it was).
    const tampered = `${body}.${sig!.startsWith('x') ? 'y' : 'x'}${sig!.slice(1)}`;
    for (const token of [`${otherBody}.${sig}`, tampered, wrongKey, expired, 'nonsense']) {
      const res = await app.inject({ method: 'POST', url: '/api/consent', payload: { token } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link is not valid or has expired');
    }
    expect(await app.db.select().from(contacts).where(eq(contacts.email, 'paul@example.je'))).toEqual([]);
  });
});
