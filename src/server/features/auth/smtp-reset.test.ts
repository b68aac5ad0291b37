import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { createMailer } from '../../services/mail';
import { only } from '../../test/rows';

/** A real SMTP exchange: the app's mailer talks to an in-process SMTP server. */
let server: SMTPServer;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
let app: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Jersey Charity Rally <no-reply@example.org>',
    outboxDir: '/nonexistent',
  });
  app = await createTestApp({ mailer, env: { PUBLIC_URL: 'https://rally.example.org' } });
});
afterAll(async () => {
  await app.close();
  app.mailer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('password reset through SMTP', () => {
  it('delivers the reset e-mail, whose link completes the reset', async () => {
    const { email } = await signUp(app, { firstName: 'Sam' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    const resets = () => received.filter((r) => r.mail.subject === 'Reset your Jersey Charity Rally password');
    await vi.waitFor(() => expect(resets()).toHaveLength(1), { timeout: 10_000 });

    const { envelopeTo, mail } = only(resets());
    expect(envelopeTo).toEqual([email]);
    expect(mail.subject).toBe('Reset your Jersey Charity Rally password');
    expect(mail.from?.value[0]?.address).toBe('no-reply@example.org');
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.html).toContain('Choose a new password');

    const link = new URL(/https:\/\/\S+/.exec(mail.text ?? '')![0]);
    expect(link.origin + link.pathname).toBe('https://rally.example.org/reset-password');
    const token = link.searchParams.get('token')!;
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'mailed new password' },
    });
    expect(done.statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'mailed new password' } });
    expect(login.statusCode).toBe(200);
  });
});
