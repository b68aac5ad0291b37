import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { smtpError, startSmtp } from '../../test/bulk-mail-test-kit';
import { createMailer } from '../../services/mail';
import { users } from '../../db/schema';
import { insertTeam } from '../../test/factories';
import { addPasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../../services/password-tokens';
import { CREDENTIALS_QUEUE, startCredentialsWorker } from './send-credentials';
import { only } from '../../test/rows';

/** The login-links worker against a real SMTP server that refuses one driver's address. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  smtp = await startSmtp();
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Jersey Charity Rally <no-reply@example.org>', outboxDir: '/nonexistent' });
  app = await createTestApp({ jobs: true, mailer, env: { PUBLIC_URL: 'https://rally.example' } });
  await startCredentialsWorker(app);
  ({ cookie } = await signUpAdmin(app));
}, 30_000);
afterAll(async () => {
  await app.close();
  app.mailer.close();
  await smtp.close();
});

const reset = (token: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('login links when the mail server refuses one address', () => {
  it('mails every other driver once, and the refused driver keeps the link they already had', async () => {
    const drivers = [
      'ann@example.test',
      'ben@example.test',
      'bad@example.test',
      'cat@example.test',
      'dan@example.test',
      'eve@example.test',
    ];
    for (const driverEmail of drivers) await insertTeam(app.db, { driverEmail });
    // The refused driver was sent a link earlier, which still works.
    const bad = only(await app.db.insert(users).values({ email: 'bad@example.test', firstName: 'Bea' }).returning());
    const earlier = await addPasswordToken(app.db, bad.id, SET_PASSWORD_TOKEN_TTL_MS);
    const tries = new Map<string, number>();
    smtp.state.reply = (to) => {
      tries.set(to, (tries.get(to) ?? 0) + 1);
      return to === 'bad@example.test' ? smtpError(550, 'No such user here') : undefined;
    };

    const res = await app.inject({ method: 'POST', url: '/api/admin/send-login-credentials', headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().sent).toBe(6);

    // Every job has finished (none waiting, retrying or running) before the counts are read.
    await vi.waitFor(async () => expect(await app.jobs!.getQueueSize(CREDENTIALS_QUEUE, { before: 'completed' })).toBe(0), {
      timeout: 20_000,
      interval: 100,
    });
    expect(smtp.received.map((m) => m.to).sort()).toEqual(drivers.filter((d) => d !== 'bad@example.test').sort());
    expect(Object.fromEntries(tries)).toEqual(Object.fromEntries(drivers.map((d) => [d, 1])));

    // Each delivered link works; the refused driver's earlier link was not revoked.
    for (const m of smtp.received) {
      const mail = await simpleParser(m.raw);
      const token = /https:\/\/rally\.example\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
      expect(token).toBeTruthy();
      expect((await reset(token!, 'a delivered new password')).statusCode).toBe(200);
    }
    expect((await reset(earlier.raw, 'the earlier link still works')).statusCode).toBe(200);
  }, 60_000);
});
