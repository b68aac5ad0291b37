import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { auditLog, passwordResetTokens, signups, users } from '../../db/schema';
import { insertTeam } from '../../test/factories';
import { CREDENTIALS_QUEUE, startCredentialsWorker } from './send-credentials';
import { only } from '../../test/rows';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ jobs: true, env: { PUBLIC_URL: 'https://rally.example' } });
  await startCredentialsWorker(app);
  ({ cookie } = await signUpAdmin(app));
}, 30_000);
afterAll(() => app.close());

const send = (payload?: object) =>
  app.inject({ method: 'POST', url: '/api/admin/send-login-credentials', headers: { cookie }, ...(payload ? { payload } : {}) });

/** Every credentials job has finished (none waiting, retrying or running). */
const queueIdle = () =>
  vi.waitFor(async () => expect(await app.jobs!.getQueueSize(CREDENTIALS_QUEUE, { before: 'completed' })).toBe(0), {
    timeout: 20_000,
    interval: 100,
  });

const linkIn = (text: string) => /https:\/\/rally\.example\/reset-password\?token=([\w-]+)/.exec(text)?.[1];

describe('send login credentials', () => {
  it('e-mails every registered driver a single-use set-password link, making accounts where needed', async () => {
    const existing = await insertTeam(app.db, { driverEmail: 'has-account@example.test', driverFirstName: 'Hana' });
    await app.db.insert(users).values({ email: 'Has-Account@example.test', firstName: 'Hana', password: 'scrypt$x' });
    const fresh = await insertTeam(app.db, { driverEmail: 'new-driver@example.test', driverFirstName: 'Nico' });
    await insertTeam(app.db, { driverEmail: 'NEW-driver@example.test' }); // a second team, same driver
    await insertTeam(app.db, { driverEmail: 'old-year@example.test', rallyYear: 2018 });

    const res = await send({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Login credentials are on their way to 2 recipients.', sent: 2 });

    const credentialMails = () => app.mail.sent.filter((m) => !/Confirm your e-mail address/.test(m.subject));
    const sent = await vi.waitFor(
      () => {
        const mails = credentialMails();
        expect(mails).toHaveLength(2);
        return mails;
      },
      { timeout: 20_000, interval: 100 },
    );
    const to = sent.map((m) => String(m.to).toLowerCase()).sort();
    expect(to).toEqual(['has-account@example.test', 'new-driver@example.test']);
    for (const m of sent) {
      expect(m.text).toContain('72 hours');
      expect(m.text).not.toMatch(/password:\s*\S/i);
      expect(linkIn(m.text)).toBeTruthy();
    }

    const made = only(
      await app.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'new-driver@example.test'`),
    );
    expect(made).toMatchObject({ firstName: 'Nico', password: null, isAdmin: false });
    // The team links once the driver proves the mailbox by setting a password through the link.
    expect(only(await app.db.select().from(signups).where(eq(signups.id, fresh.id))).userId).toBeNull();
    expect(existing.id).toBeGreaterThan(0);

    // The link is stored only as a hash, lasts 72 hours, and sets the password once.
    const tokenRow = only(await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, made.id)));
    const hours = (tokenRow.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const token = linkIn(sent.find((m) => String(m.to).toLowerCase() === 'new-driver@example.test')!.text)!;
    expect(tokenRow.token).not.toBe(token);
    const reset = () =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'a brand new secret' } });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(400);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new-driver@example.test', password: 'a brand new secret' },
    });
    expect(login.statusCode).toBe(200);
    const linked = only(await app.db.select().from(signups).where(eq(signups.id, fresh.id)));
    expect(linked.userId).toBe(made.id);

    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'credentials.send'));
    expect(entry).toMatchObject({ targetType: 'registered-drivers', details: { recipients: 2 } });
  }, 30_000);

  it('sends only to the test address when one is given', async () => {
    app.mail.sent.length = 0;
    const res = await send({ testEmail: 'organiser-test@example.test' });
    expect(res.json()).toEqual({ message: 'Login credentials are on their way to 1 recipient.', sent: 1 });
    await queueIdle();
    expect(app.mail.sent.map((m) => m.to)).toEqual(['organiser-test@example.test']);
  }, 30_000);

  it('refuses a malformed test address', async () => {
    const res = await send({ testEmail: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
  });
});
