import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { FORGOT_ANSWER, INVALID_TOKEN_MESSAGE } from './password-routes';
import { hashToken, issuePasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../../services/password-tokens';
import { only } from '../../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

let n = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: `198.51.100.${++n}` });

/** Asks for a reset link and returns the token from the e-mail that arrives. */
async function requestReset(email: string): Promise<string> {
  const before = app.mail.sent.length;
  const res = await post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  await vi.waitFor(() => expect(app.mail.sent.length).toBe(before + 1));
  const message = only(app.mail.sent.slice(before));
  expect(message.to).toBe(email);
  const token = /reset-password\?token=([\w-]+)/.exec(message.text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

const reset = (token: string, newPassword = 'brand new password') => post('/api/auth/reset-password', { token, newPassword });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

describe('forgot password', () => {
  it('sends a link with a 256-bit token, storing only its hash', async () => {
    const { email, user } = await signUp(app, { firstName: 'Rhea' });
    const token = await requestReset(email);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const rows = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((r) => r.token)).toEqual([hashToken(token)]);
    const { expiresAt } = only(rows);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    const mail = app.mail.sent.at(-1)!;
    expect(mail.text).toContain('Hello Rhea,');
    expect(mail.text).toContain(`http://localhost:5000/reset-password?token=${token}`);
    expect(mail.html).toContain(`reset-password?token=${token}`);
  });

  it('answers the same way for an unknown address, and sends nothing', async () => {
    const { email } = await signUp(app);
    const sentBefore = app.mail.sent.length;
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: 'no-account@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ message: FORGOT_ANSWER });
    await app.background.idle(); // both requests' e-mail work has finished
    expect(app.mail.sent.slice(sentBefore).map((m) => m.to)).toEqual([email]);
  });

  it('answers before the e-mail work is done, so a slow mail server cannot reveal that the account exists', async () => {
    const { email } = await signUp(app);
    const sentBefore = app.mail.sent.length;
    const slowSend = app.mail.send;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app.mail.send = async (m) => {
      await gate;
      return slowSend(m);
    };
    try {
      // The mail server holds every message: the answer still comes, and nothing is sent yet.
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_ANSWER });
      expect(app.mail.sent.length).toBe(sentBefore);
    } finally {
      release();
      await app.background.idle();
      app.mail.send = slowSend;
    }
    expect(app.mail.sent.slice(sentBefore).map((m) => m.to)).toEqual([email]);
  });

  it('uses PUBLIC_URL for the link when it is set', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://rally.example.org/' } });
    try {
      const { email } = await signUp(other);
      await other.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers: { host: 'evil.example' } });
      const resets = () => other.mail.sent.filter((m) => m.subject === 'Reset your Jersey Charity Rally password');
      await vi.waitFor(() => expect(resets().length).toBe(1));
      const { text } = only(resets());
      expect(text).toMatch(/https:\/\/rally\.example\.org\/reset-password\?token=/);
      expect(text).not.toContain('evil.example');
    } finally {
      await other.close();
    }
  });

  it('never takes the link from a forged Host header, even without PUBLIC_URL', async () => {
    const { email } = await signUp(app);
    const sentBefore = app.mail.sent.length;
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    await vi.waitFor(() => expect(app.mail.sent.length).toBe(sentBefore + 1));
    const mail = app.mail.sent.at(-1)!;
    expect(mail.text).toMatch(/http:\/\/localhost:5000\/reset-password\?token=/);
    expect(mail.text).not.toContain('evil.example');
  });

  it('refuses an invalid address with the spec message', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
  });

  it('limits requests per account, whether or not it exists', async () => {
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/forgot-password', { email: 'flood@example.test' })).statusCode).toBe(200);
    const blocked = await post('/api/auth/forgot-password', { email: 'FLOOD@example.test' });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('reset password', () => {
  it('sets the new password once: the old one and the token stop working', async () => {
    const { email, password } = await signUp(app);
    const token = await requestReset(email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'brand new password')).statusCode).toBe(200);
    const again = await reset(token, 'a third password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_TOKEN_MESSAGE);
    expect((await login(email, 'a third password')).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous requests use a token', async () => {
    const { email } = await signUp(app);
    const token = await requestReset(email);
    const results = await Promise.all([reset(token, 'racing password one'), reset(token, 'racing password two')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'racing password one' : 'racing password two';
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('ends every session of the user', async () => {
    const { email, user, cookie } = await signUp(app);
    const token = await requestReset(email);
    expect((await reset(token)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).json()).toBeNull();
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('revokes the older link when a new one is asked for', async () => {
    const { email } = await signUp(app);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('refuses a token after its hour is up', async () => {
    const { email, password } = await signUp(app);
    const token = await requestReset(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1000);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_TOKEN_MESSAGE);
    vi.useRealTimers();
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a short password, changing nothing', async () => {
    const { email, password } = await signUp(app);
    expect((await reset('made-up-token')).statusCode).toBe(400);
    const token = await requestReset(email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('limits attempts on one token', async () => {
    const token = 'guessing-the-same-token';
    for (let i = 0; i < 5; i++) expect((await reset(token)).statusCode).toBe(400);
    expect((await reset(token)).statusCode).toBe(429);
  });
});

describe('set-password links for organiser-made accounts', () => {
  it('issues a 72-hour link that sets a first password', async () => {
    const user = only(await app.db.insert(users).values({ email: 'invited@example.test', firstName: 'Ivy' }).returning());
    const token = await issuePasswordToken(app.db, user.id, SET_PASSWORD_TOKEN_TTL_MS);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 71 * 60 * 60 * 1000);
    expect((await reset(token, 'first password here')).statusCode).toBe(200);
    vi.useRealTimers();
    expect((await login('invited@example.test', 'first password here')).statusCode).toBe(200);
  });
});
