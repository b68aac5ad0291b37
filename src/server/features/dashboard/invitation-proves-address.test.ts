import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sessionCookie, signUp } from '../../test/auth';
import { teamInput } from '../../../common/factories';
import { answerInvitation, invitationToken } from '../../test/invitations';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let n = 0;
const address = (who: string) => `${who}${++n}-${Date.now()}@example.test`;
const password = 'co-driver proves 2026';

/** A team registered naming `email` as co-driver: the invitation goes to that address. */
async function teamNaming(email: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    payload: teamInput({ coDriverFirstName: 'Sam', coDriverEmail: email }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const whoIs = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }).then((r) => r.json());
const myTeam = (cookie: string) => app.inject({ method: 'GET', url: '/api/my-signup', headers: { cookie } });
const register = (email: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, firstName: 'Sam' },
    headers: cookie ? { cookie } : {},
  });
const verificationMailsTo = (email: string) => app.mail.sent.filter((m) => m.to === email && m.text.includes('/verify-email?token='));

describe('accepting a team invitation from the e-mailed link proves the address', () => {
  it('signed out: the account then created in that browser for that address is confirmed at once, and shows the team', async () => {
    const email = address('accepts-first');
    const signupId = await teamNaming(email);
    const accepted = await answerInvitation(app, invitationToken(app, email), 'accept');
    expect(accepted.json()).toMatchObject({ ok: true, onMyDashboard: false });

    const res = await register(email, sessionCookie(accepted));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, emailVerified: true });
    const cookie = sessionCookie(res);
    expect((await myTeam(cookie)).json()).toMatchObject({ id: signupId, role: 'co-driver' });
    // Nothing asks her to confirm it a second time.
    expect(verificationMailsTo(email)).toEqual([]);
  });

  it('proves only the invited address, and only in the browser that followed the link', async () => {
    const email = address('invited');
    await teamNaming(email);
    const accepted = await answerInvitation(app, invitationToken(app, email), 'accept');

    const other = address('someone-else');
    const otherAddress = await register(other, sessionCookie(accepted));
    expect(otherAddress.json()).toMatchObject({ email: other, emailVerified: false });
    expect(verificationMailsTo(other)).toHaveLength(1);

    const elsewhere = await register(email);
    expect(elsewhere.json()).toMatchObject({ email, emailVerified: false });
    expect((await myTeam(sessionCookie(elsewhere))).statusCode).toBe(404);
  });

  it('signed in to the unconfirmed account of that address: it is confirmed, the team shows, and its other sessions end', async () => {
    const email = address('signed-in');
    const signupId = await teamNaming(email);
    const someoneElse = await signUp(app, { email, password, verified: false });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const cookie = sessionCookie(login);

    const accepted = await answerInvitation(app, invitationToken(app, email), 'accept', cookie);
    expect(accepted.json()).toMatchObject({ ok: true, onMyDashboard: true });
    const after = sessionCookie(accepted);
    expect(await whoIs(after)).toMatchObject({ email, emailVerified: true });
    expect((await myTeam(after)).json()).toMatchObject({ id: signupId, role: 'co-driver' });
    // Whoever else was signed in to the address (it may have been registered by a stranger) is signed out.
    expect(await whoIs(someoneElse.cookie)).toBeNull();
  });

  it('signed out, then signing in to the unconfirmed account of that address with its password confirms it', async () => {
    const email = address('logs-in');
    const signupId = await teamNaming(email);
    const before = await signUp(app, { email, password, verified: false });
    const accepted = await answerInvitation(app, invitationToken(app, email), 'accept');

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { cookie: sessionCookie(accepted) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email, emailVerified: true });
    expect((await myTeam(sessionCookie(login))).json()).toMatchObject({ id: signupId, role: 'co-driver' });
    expect(await whoIs(before.cookie)).toBeNull();
  });

  it('without following the link, signing in leaves the address unconfirmed', async () => {
    const email = address('no-link');
    await teamNaming(email);
    await signUp(app, { email, password, verified: false });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.json()).toMatchObject({ email, emailVerified: false });
    expect((await myTeam(sessionCookie(login))).statusCode).toBe(404);
  });
});
