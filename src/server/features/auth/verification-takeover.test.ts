import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, memoryMailer, type TestApp } from '../../test/app';
import { sessionCookie, signUp } from '../../test/auth';
import { passwordResetTokens, users } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { first, only } from '../../test/rows';
import type { MailMessage } from '../../services/mail';
import { DbSessionStore } from '../../plugins/session-store';
import { SESSION_TTL_MS } from '../../plugins/session';
import {
  VERIFY_INVALID_MESSAGE,
  VERIFY_OTHER_ACCOUNT_MESSAGE,
  VERIFY_PASSWORD_NEEDED_MESSAGE,
  VERIFY_WRONG_PASSWORD_MESSAGE,
} from './verification-routes';

const PUBLIC_URL = 'https://rally.example.org';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => app.close());

let n = 0;
const nextIp = () => `203.0.113.${++n}`;
const uniqueEmail = (who: string) => `${who}${++n}-${Date.now()}@example.test`;
const ATTACKER_PASSWORD = 'the attacker passphrase';

const register = (email: string, password = ATTACKER_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: nextIp(), payload: { email, password, firstName: 'Mallory' } });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password } });
const confirm = (token: string, opts: { cookie?: string; password?: string; newPassword?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: nextIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { token, password: opts.password, newPassword: opts.newPassword },
  });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
const me = async (cookie: string) => (await get('/api/auth/user', cookie)).json() as { id: string; email: string } | null;
const linkTo = (email: string) => {
  const mail = first(app.mail.sent.filter((m) => m.to === email && /^Confirm your e-mail address/.test(m.subject)));
  const url = new URL(/https:\/\/rally\.example\.org\/verify-email\?token=\S+/.exec(mail.text)![0]);
  return { url, token: url.searchParams.get('token')! };
};
/** A team registered without an account, with the driver's passport: it waits for her verified account. */
const driverTeam = async (driverEmail: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    remoteAddress: nextIp(),
    payload: teamInput({ driverEmail, teamName: `Team ${n}`, driverPassport: 'GB1234567' }),
  });
  expect(res.statusCode).toBe(201);
};

describe('verifying an address never hands the account to someone else', () => {
  it("signs out the attacker who registered the driver's address once she confirms it: no team, no passport", async () => {
    const driver = uniqueEmail('driver');
    await driverTeam(driver);
    const attacker = sessionCookie(await register(driver));
    expect((await get('/api/my-signup', attacker)).statusCode).toBe(404);

    // The driver opens the link from her own mailbox, in her own browser, and chooses her password.
    const mine = await confirm(linkTo(driver).token, { newPassword: 'the driver passphrase' });
    expect(mine.statusCode).toBe(200);
    const driverCookie = sessionCookie(mine);
    expect((await get('/api/my-privacy/data', driverCookie)).json().teams[0].driverPassport).toBe('GB1234567');

    // The attacker's still-open session is over, and the password set before verification is gone.
    expect(await me(attacker)).toBeNull();
    expect((await get('/api/my-signup', attacker)).statusCode).toBe(401);
    expect((await get('/api/my-privacy/data', attacker)).statusCode).toBe(401);
    expect((await login(driver, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(driver, 'the driver passphrase')).statusCode).toBe(200);
    expect((await me(driverCookie))?.email).toBe(driver);
  });

  it("does not let the attacker's request under way at that moment write her session back", async () => {
    const driver = uniqueEmail('inflight');
    const attacker = sessionCookie(await register(driver));
    const signed = decodeURIComponent(attacker.slice(attacker.indexOf('=') + 1));
    const id = signed.slice(0, signed.lastIndexOf('.'));
    const store = new DbSessionStore(app.db, SESSION_TTL_MS);
    // Her request has read its session from the table...
    const underWay = await new Promise((resolve, reject) => store.get(id, (err, s) => (err ? reject(err) : resolve(s))));
    // ...the driver confirms the address meanwhile...
    expect((await confirm(linkTo(driver).token, { newPassword: 'the driver passphrase' })).statusCode).toBe(200);
    // ...and the request answers, saving (rolling) the session it holds.
    await new Promise<void>((resolve, reject) => store.set(id, underWay, (err) => (err ? reject(err) : resolve())));
    expect(await me(attacker)).toBeNull();
  });

  it('keeps the password chosen before verification only for a verifier who gives it', async () => {
    const email = uniqueEmail('phone');
    const laptop = sessionCookie(await register(email, 'my own sign-up passphrase'));
    const { token } = linkTo(email);

    // On her phone, signed out: the password is asked for, and a wrong one uses nothing up.
    const none = await confirm(token);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(VERIFY_PASSWORD_NEEDED_MESSAGE);
    const wrong = await confirm(token, { password: ATTACKER_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: ['password'], message: VERIFY_WRONG_PASSWORD_MESSAGE }]);
    expect(only(await app.db.select().from(users).where(eq(users.email, email))).emailVerifiedAt).toBeNull();

    const phone = await confirm(token, { password: 'my own sign-up passphrase' });
    expect(phone.statusCode).toBe(200);
    expect((await me(sessionCookie(phone)))?.email).toBe(email);
    // Every other session of the account ended, the one she signed up in too.
    expect(await me(laptop)).toBeNull();
    expect((await login(email, 'my own sign-up passphrase')).statusCode).toBe(200);
  });

  it('confirms with one click in the browser signed in as the account, with a new session id, ending its other sessions', async () => {
    const email = uniqueEmail('sameBrowser');
    const browser = sessionCookie(await register(email, 'same browser passphrase'));
    const elsewhere = sessionCookie(await login(email, 'same browser passphrase'));
    const res = await confirm(linkTo(email).token, { cookie: browser });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, emailVerified: true });
    const renewed = sessionCookie(res);
    expect(renewed).not.toBe(browser);
    expect((await me(renewed))?.email).toBe(email);
    expect(await me(browser)).toBeNull();
    expect(await me(elsewhere)).toBeNull();
    expect((await login(email, 'same browser passphrase')).statusCode).toBe(200);
  });

  it("never switches a signed-in session to the account of someone else's link, and leaves the link usable", async () => {
    const other = await signUp(app);
    const email = uniqueEmail('someoneElse');
    await register(email, 'someone else passphrase');
    const { token } = linkTo(email);
    const res = await confirm(token, { cookie: other.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VERIFY_OTHER_ACCOUNT_MESSAGE);
    // At most the signed-in session rolled on: never a cookie for the link's account.
    expect(res.cookies.every((c) => `${c.name}=${c.value}` === other.cookie)).toBe(true);
    expect((await me(other.cookie))?.email).toBe(other.email);
    expect((await confirm(token, { password: 'someone else passphrase' })).statusCode).toBe(200);
  });

  it('uses nothing up when the link is only fetched (mail scanners fetch links): the page confirms with a POST', async () => {
    const email = uniqueEmail('scanned');
    const cookie = sessionCookie(await register(email, 'scanned passphrase'));
    const { url, token } = linkTo(email);
    await app.inject({ url: url.pathname + url.search, remoteAddress: nextIp() });
    await app.inject({ url: url.pathname + url.search, remoteAddress: nextIp(), headers: { cookie } });
    expect(only(await app.db.select().from(users).where(eq(users.email, email))).emailVerifiedAt).toBeNull();
    const status = async () => (await app.inject({ url: `/api/auth/verify-email/status?token=${token}`, remoteAddress: nextIp() })).json();
    expect(await status()).toEqual({ valid: true });
    expect((await confirm(token, { cookie })).statusCode).toBe(200);
    expect((await confirm(token, { cookie })).json().message).toBe(VERIFY_INVALID_MESSAGE);
    expect(await status()).toEqual({ valid: false });
  });
});

describe('registering an address that has an account', () => {
  it("never revokes the owner's outstanding reset link", async () => {
    const owner = await signUp(app);
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: nextIp(),
      payload: { email: owner.email },
    });
    expect(forgot.statusCode).toBe(200);
    await app.background.idle();
    const resetMail = first(app.mail.sent.filter((m) => m.to === owner.email && /reset/i.test(m.subject)));
    const token = new URL(/https:\/\/\S+\/reset-password\?token=\S+/.exec(resetMail.text)![0]).searchParams.get('token')!;

    const res = await register(owner.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists. Please log in.');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { token, newPassword: 'the owner reset passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'the owner reset passphrase')).statusCode).toBe(200);
  });

  it('is limited per address, whichever client asks, so the owner is not flooded with links', async () => {
    const owner = await signUp(app); // the first of five registrations an address gets in an hour
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await register(owner.email)).statusCode);
    expect(answers).toEqual([409, 409, 409, 409, 429]);
    expect(await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.user.id))).toHaveLength(4);
  });
});

describe('the sign-up answer does not wait for e-mail', () => {
  // A mail server that takes its time: the answer must not, for an existing address or a new one.
  const held: (() => void)[] = [];
  const slow = memoryMailer();
  const send = slow.send.bind(slow);
  slow.send = (m: MailMessage) => new Promise((resolve) => held.push(() => resolve(send(m))));
  let slowApp: TestApp;
  beforeAll(async () => {
    slowApp = await createTestApp({ env: { PUBLIC_URL }, mailer: slow });
  });
  afterAll(async () => {
    held.forEach((release) => release());
    await slowApp.close();
  });

  it('answers an existing address and a new one without waiting for the mail server', async () => {
    const post = (email: string) =>
      slowApp.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: nextIp(),
        payload: { email, password: 'slow mail passphrase' },
      });
    const email = uniqueEmail('slow');
    expect((await post(email)).statusCode).toBe(201);
    expect((await post(email)).statusCode).toBe(409);
    // Both messages are on their way, still held by the mail server.
    expect(held).toHaveLength(2);
  });
});
