import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { sessionCookie, signUp } from '../../test/auth';
import { emailVerificationTokens, signups, users } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { hashToken, issuePasswordToken } from '../../services/password-tokens';
import { VERIFY_TOKEN_TTL_MS } from './verification';
import { VERIFY_INVALID_MESSAGE } from './verification-routes';
import { COMMON_PASSWORD_MESSAGE } from '../../services/common-passwords';
import { currentParams, hashPassword, needsRehash } from '../../services/passwords';
import { first, only } from '../../test/rows';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let rally: RallySettings;
let ip = 0;
beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://rally.example.org' } });
  rally = await app.rallySettings();
});
afterAll(() => app.close());

const nextIp = () => `10.200.${(++ip >> 8) & 255}.${ip & 255}`;
const register = (email: string, password = 'a fresh long passphrase') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { email, password, firstName: 'Mallory', lastName: 'X' },
  });
const mySignup = (cookie: string) => app.inject({ method: 'GET', url: '/api/my-signup', headers: { cookie } });
const tokenIn = (text: string) =>
  new URL(/https:\/\/rally\.example\.org\/verify-email\?token=\S+/.exec(text)![0]).searchParams.get('token')!;
const mailTo = (to: string, subject: RegExp) => app.mail.sent.filter((m) => m.to === to && subject.test(m.subject));
const anonymousSignup = (driverEmail: string, teamName: string) =>
  app.inject({ method: 'POST', url: '/api/signups', remoteAddress: nextIp(), payload: teamInput({ driverEmail, teamName }) });
/** The confirm button of the /verify-email page, in a browser with this cookie (or none). */
const follow = (token: string, opts: { cookie?: string; password?: string; newPassword?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: nextIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { token, password: opts.password, newPassword: opts.newPassword },
  });

describe('e-mail verification', () => {
  it("register-as-victim reaches nothing until the link in the victim's mailbox is followed", async () => {
    const victim = `victim${Date.now()}@example.test`;
    expect((await anonymousSignup(victim, 'Victim Team')).statusCode).toBe(201);

    const res = await register(victim);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: victim, emailVerified: false });
    const cookie = sessionCookie(res);
    expect((await mySignup(cookie)).statusCode).toBe(404);
    const team = only(await app.db.select().from(signups).where(eq(signups.teamName, 'Victim Team')));
    expect(team.userId).toBeNull();

    // The owner of the mailbox follows the link and chooses her password: signed in, with the team.
    const mail = first(mailTo(victim, /Confirm your e-mail address/));
    expect(mail.text).toContain('works once, for 24 hours');
    const landed = await follow(tokenIn(mail.text), { newPassword: 'the owner passphrase' });
    expect(landed.statusCode).toBe(200);
    const ownerCookie = sessionCookie(landed);
    expect((await mySignup(ownerCookie)).json().teamName).toBe('Victim Team');
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: ownerCookie } })).json().emailVerified).toBe(true);
  });

  it('stores only a hash, for 24 hours, and a link works once', async () => {
    const email = `once${Date.now()}@example.test`;
    const cookie = sessionCookie(await register(email));
    const token = tokenIn(first(mailTo(email, /Confirm/)).text);
    const user = only(await app.db.select().from(users).where(eq(users.email, email)));
    const rows = await app.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(rows.map((r) => r.token)).toEqual([hashToken(token)]);
    const { expiresAt } = only(rows);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(VERIFY_TOKEN_TTL_MS);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(VERIFY_TOKEN_TTL_MS - 60_000);
    expect((await follow(token, { cookie })).statusCode).toBe(200);
    const again = await follow(token, { newPassword: 'another long passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(VERIFY_INVALID_MESSAGE);
  });

  it('revokes the old link when a new one is sent, and rate-limits the resend button', async () => {
    const email = `resend${Date.now()}@example.test`;
    const res = await register(email);
    const cookie = sessionCookie(res);
    const firstToken = tokenIn(first(mailTo(email, /Confirm/)).text);
    const resend = () => app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: { cookie } });
    const ok = await resend();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(`We sent a new link to ${email}.`);
    const second = tokenIn(first(mailTo(email, /Confirm/).slice(1)).text);
    expect((await follow(firstToken, { cookie })).json().message).toBe(VERIFY_INVALID_MESSAGE);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(429);
    // The newest link sent before the limit still works.
    const newest = tokenIn(mailTo(email, /Confirm/).at(-1)!.text);
    expect(newest).not.toBe(second);
    expect((await follow(newest, { cookie })).statusCode).toBe(200);
  });

  it('registering an existing address never changes the account, and tells its owner with a reset link', async () => {
    const { email, user } = await signUp(app, { firstName: 'Olive' });
    const before = (await app.db.select().from(users).where(eq(users.id, user.id)))[0];
    const res = await register(email.toUpperCase(), 'the attacker password');
    expect(res.statusCode).toBe(409);
    expect(res.cookies).toEqual([]);
    const after = (await app.db.select().from(users).where(eq(users.id, user.id)))[0];
    expect(after).toEqual(before);
    const warning = first(mailTo(email, /Someone tried to create/));
    expect(warning.text).toMatch(/https:\/\/rally\.example\.org\/reset-password\?token=/);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email, password: 'the attacker password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('registering the address of an account made by organisers (no password) does not claim it', async () => {
    const email = `invited${Date.now()}@example.test`;
    const invited = only(await app.db.insert(users).values({ email, firstName: 'Ivy' }).returning());
    expect((await register(email)).statusCode).toBe(409);
    const after = only(await app.db.select().from(users).where(eq(users.id, invited.id)));
    expect(after.password).toBeNull();
    expect(mailTo(email, /Someone tried to create/)).toHaveLength(1);
  });

  it("an anonymous signup with a verified account's address does not change its dashboard", async () => {
    const { user, cookie } = await signUp(app);
    const own = await app.inject({
      method: 'POST',
      url: '/api/signups',
      headers: { cookie },
      payload: teamInput({ driverEmail: user.email, teamName: 'Real Team' }),
    });
    expect(own.statusCode).toBe(201);
    expect((await mySignup(cookie)).json().teamName).toBe('Real Team');

    // This year the address is taken (one team per person).
    expect((await anonymousSignup(user.email, 'Impostor Team')).statusCode).toBe(409);
    // Had the account's team been last year's, a stranger's team this year is stored but not linked.
    await app.db
      .update(signups)
      .set({ rallyYear: rally.year - 1 })
      .where(eq(signups.id, own.json().id as number));
    expect((await anonymousSignup(user.email, 'Impostor Team')).statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    expect((await mySignup(sessionCookie(login))).json().teamName).toBe('Real Team');
    const impostor = only(await app.db.select().from(signups).where(eq(signups.teamName, 'Impostor Team')));
    expect(impostor.userId).toBeNull();
  });

  it('a signed-in but unverified account registering a team does not get it until verified', async () => {
    const { user, cookie } = await signUp(app, { verified: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/signups',
      headers: { cookie },
      payload: teamInput({ driverEmail: user.email, teamName: 'Pending Team' }),
    });
    expect(res.statusCode).toBe(201);
    expect((await mySignup(cookie)).statusCode).toBe(404);
    const token = tokenIn(first(mailTo(user.email, /Confirm/)).text);
    const verified = await follow(token, { cookie });
    expect(verified.statusCode).toBe(200);
    expect((await mySignup(sessionCookie(verified))).json().teamName).toBe('Pending Team');
  });

  it('never takes the link from a forged Host header', async () => {
    const email = `host${Date.now()}@example.test`;
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { email, password: 'a fresh long passphrase' },
    });
    const mail = first(mailTo(email, /Confirm/));
    expect(mail.text).toContain('https://rally.example.org/verify-email?token=');
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('a completed password reset proves the mailbox: an organiser-made account is verified and finds its team', async () => {
    const email = `reset-verifies${Date.now()}@example.test`;
    await anonymousSignup(email, 'Reset Team');
    const invited = only(await app.db.insert(users).values({ email }).returning());
    const token = await issuePasswordToken(app.db, invited.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { token, newPassword: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(200);
    const after = only(await app.db.select().from(users).where(eq(users.id, invited.id)));
    expect(after.emailVerifiedAt).not.toBeNull();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email, password: 'a brand new passphrase' },
    });
    expect((await mySignup(sessionCookie(login))).json().teamName).toBe('Reset Team');
  });

  it('refuses one of the 10,000 most common passwords at sign-up and reset, with a clear message', async () => {
    const email = `common${Date.now()}@example.test`;
    const res = await register(email, 'iloveyou');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: COMMON_PASSWORD_MESSAGE, issues: [{ path: ['password'], message: COMMON_PASSWORD_MESSAGE }] });
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const { user } = await signUp(app);
    const token = await issuePasswordToken(app.db, user.id);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { token, newPassword: 'password1' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('upgrades a hash with older parameters at the next login', async () => {
    const { user, email, password } = await signUp(app);
    const old = await hashPassword(password, { ...currentParams(), N: currentParams().N / 2 });
    await app.db.update(users).set({ password: old }).where(eq(users.id, user.id));
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const after = only(await app.db.select().from(users).where(eq(users.id, user.id)));
    expect(after.password).not.toBe(old);
    expect(needsRehash(after.password!)).toBe(false);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password } })).statusCode,
    ).toBe(200);
  });
});
