import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { signups } from '../db/schema';
import { teamInput } from '../../common/factories';
import { issuePasswordToken } from './password-tokens';
import { redactUrl } from './log-safety';
import { signLink } from './signed-link';

const PASSPORT = 'PLANTED-PASSPORT-998877';
let app: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await createTestApp({ logger: { level: 'info', stream } });
  // A route whose query fails in the database with a passport value as a parameter, as a
  // constraint or type error would in a real route.
  app.get('/test/failing-query', async () => app.db.execute(sql`select ${PASSPORT}::integer`));
});
afterAll(() => app.close());

const logged = () => lines.join('\n');
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('logs', () => {
  it('carry no query values of a failed database query, nor tokens in URLs', async () => {
    const failed = await app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(failed.statusCode).toBe(500);
    await vi.waitFor(() => expect(entries().some((e) => e.msg === 'request failed')).toBe(true));
    const error = entries().find((e) => e.msg === 'request failed')!.err as { message: string };
    expect(error.message).toContain('Failed query');

    const { user } = await signUp(app);
    await app.inject({ method: 'POST', url: '/api/signups', payload: teamInput({ driverPassport: PASSPORT }) });
    const token = await issuePasswordToken(app.db, user.id);
    await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    await app.inject({ method: 'GET', url: `/verify-email?token=${token}-verify` });
    await app.inject({ method: 'GET', url: `/unsubscribe/${token}-unsub` });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    await vi.waitFor(() => expect(entries().some((e) => e.msg === 'auth: password reset')).toBe(true));
    expect(logged()).toContain('/reset-password?token=[redacted]');
    expect(logged()).toContain('/unsubscribe/[redacted]');
    expect(logged()).not.toContain(PASSPORT);
    expect(logged()).not.toContain(token);
    // Stored (encrypted at rest, so found by reading back rather than by an SQL comparison).
    const rows = await app.db.select().from(signups);
    expect(rows.some((r) => r.driverPassport === PASSPORT)).toBe(true);
  });

  it('carry no consent or subscription confirmation link tokens', async () => {
    const consent = signLink(app.signingKey, 'consent', 'someone@example.je');
    const confirm = signLink(app.signingKey, 'confirm-updates', 'someone@example.je');
    for (const token of [consent, confirm]) {
      await app.inject({ method: 'GET', url: `/consent/${token}` });
      await app.inject({ method: 'GET', url: `/consent/${token}?from=mail` });
      await app.inject({ method: 'POST', url: '/api/consent', payload: { token } });
    }
    await vi.waitFor(() => expect(logged().match(/\/consent\/\[redacted\]/g)?.length).toBe(4));
    expect(logged()).toContain('/consent/[redacted]?from=mail');
    for (const token of [consent, confirm]) for (const part of token.split('.')) expect(logged()).not.toContain(part);
  });

  it('record logins, failed logins, logouts, 401 and 403 with the user id and address, and no password', async () => {
    const { email, password, user, cookie } = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.1.2.3',
      payload: { email, password: 'wrong-password-xyz' },
    });
    await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.1.2.3', payload: { email, password } });
    await app.inject({ method: 'GET', url: '/api/my-signup' });
    await app.inject({ method: 'GET', url: '/api/admin/signups', headers: { cookie } });
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    await vi.waitFor(() => expect(entries().some((e) => e.msg === 'auth: logout')).toBe(true));
    const by = (msg: string) => entries().filter((e) => e.msg === msg);
    expect(by('auth: login failed').at(-1)).toMatchObject({ userId: user.id, ip: '10.1.2.3', level: 30 });
    expect(by('auth: login').at(-1)).toMatchObject({ userId: user.id, ip: '10.1.2.3' });
    expect(by('auth: 401').length).toBeGreaterThan(0);
    expect(by('auth: 403').at(-1)).toMatchObject({ userId: user.id });
    expect(by('auth: logout').at(-1)).toMatchObject({ userId: user.id });
    expect(logged()).not.toContain(password);
    expect(logged()).not.toContain('wrong-password-xyz');
  });
});

describe('redactUrl', () => {
  it('keeps harmless parameters and hides secret ones', () => {
    expect(redactUrl('/api/x?page=2&token=abc&sig=def')).toBe('/api/x?page=2&token=[redacted]&sig=[redacted]');
    expect(redactUrl('/unsubscribe/abc?x=1')).toBe('/unsubscribe/[redacted]?x=1');
    expect(redactUrl('/consent/abc.def?x=1')).toBe('/consent/[redacted]?x=1');
    expect(redactUrl('/teams')).toBe('/teams');
  });

  it("hides a follow link's token, which names the follower's address and can stop the follow", () => {
    expect(redactUrl('/follow/confirm/eyJlIjoiYUBiLmplIn0.sig')).toBe('/follow/confirm/[redacted]');
    expect(redactUrl('/follow/abc.def?from=mail')).toBe('/follow/[redacted]?from=mail');
    expect(redactUrl('/api/followers/abc.def/stop')).toBe('/api/followers/[redacted]/stop');
    expect(redactUrl('/api/followers/abc.def')).toBe('/api/followers/[redacted]');
    expect(redactUrl('/api/followers/confirm')).toBe('/api/followers/confirm');
  });

  it("hides a tracker address's token and the position in its query", () => {
    expect(redactUrl('/api/tracking/tracker/s3cr3t-token?id=1&lat=49.18271&lon=-0.37064')).toBe(
      '/api/tracking/tracker/[redacted]?[redacted]',
    );
    expect(redactUrl('/api/tracking/tracker/s3cr3t-token')).toBe('/api/tracking/tracker/[redacted]');
  });
});
