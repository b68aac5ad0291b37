import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { signUp, signUpAdmin } from './test/auth';
import { teamInput } from '../common/factories';
import { EVENT_STREAM_URLS, openEventStream } from './test/event-stream';

/**
 * Every API route x anonymous / user / other user / admin, built from the app's own route table:
 * a route added without a policy below fails the first test.
 * - public: anyone (the answer may still be 4xx for bad input, never 401/403)
 * - user: a signed-in person (401 when signed out)
 * - owner: a signed-in person, on their own records only (someone else's id is refused)
 * - admin: organisers (401 signed out, 403 signed in without isAdmin)
 * - signed: a short-lived signed URL (refused without a valid signature)
 */
type Policy = 'public' | 'user' | 'owner' | 'admin' | 'signed';

const policies: Record<string, Policy> = {
  // Answers null when signed out; tested in features/auth.
  'GET /api/auth/user': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/resend-verification': 'user',
  // The token from the e-mail is the credential; tested in features/auth.
  'GET /api/auth/verify-email/status': 'public',
  'POST /api/auth/verify-email': 'public',
  'GET /api/auth/login-page': 'public',
  'GET /api/participants': 'public',
  'GET /api/settings': 'public',
  'GET /api/past-rallies': 'public',
  'GET /api/past-rallies/menu': 'public',
  'GET /api/home-page/testimonials': 'public',
  'GET /api/home-page/stats': 'public',
  'GET /api/route-maps': 'public',
  'GET /api/winners': 'public',
  'POST /api/admin/winners': 'admin',
  'PUT /api/admin/winners/:year': 'admin',
  'DELETE /api/admin/winners/:year': 'admin',
  'GET /api/admin/results/years': 'admin',
  'GET /api/admin/results/:year': 'admin',
  'PUT /api/admin/results/:year': 'admin',
  'POST /api/admin/results/:year/import': 'admin',
  'POST /api/admin/results/:year/publish': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/participants/:year': 'public',
  'POST /api/email-updates': 'public',
  'GET /api/fundraising/teams': 'public',
  'GET /api/signup/status': 'public',
  'POST /api/signup': 'public',
  'GET /api/fundraising/teams/:id': 'public',
  'GET /api/fundraising/leaderboard': 'public',
  'GET /api/unsubscribe/:token': 'public',
  'POST /api/unsubscribe/:token': 'public',
  'POST /unsubscribe/:token': 'public',
  'POST /api/unsubscribe/:token/resubscribe': 'public',
  'POST /api/consent': 'public',
  // A supporter follows a team with no account; the link's token is the credential (features/followers).
  'POST /api/fundraising/teams/:id/followers': 'public',
  'POST /api/followers/confirm': 'public',
  'GET /api/followers/:token': 'public',
  'GET /api/followers/push-key': 'public',
  'POST /api/followers/:token/stop': 'public',
  'POST /api/followers/:token/preferences': 'public',
  'POST /follow/:token': 'public',
  'GET /api/my-followers': 'user',
  'GET /api/my-dashboard/team': 'user',
  'PATCH /api/my-dashboard/team': 'user',
  'PATCH /api/my-dashboard/team/fundraising': 'user',
  'POST /api/my-dashboard/team/withdraw': 'user',
  'POST /api/my-dashboard/team/co-driver': 'user',
  'POST /api/my-dashboard/team/co-driver/resend': 'user',
  'GET /api/my-dashboard': 'user',
  // The e-mailed link's token is the proof (services/team-invitations.ts); tested in co-driver.test.ts.
  'POST /api/dashboard/invitations/view': 'public',
  'POST /api/dashboard/invitations/accept': 'public',
  'POST /api/dashboard/invitations/decline': 'public',
  'GET /api/my-dashboard/donations': 'user',
  'POST /api/my-dashboard/donations': 'user',
  'POST /api/uploads': 'user',
  'PATCH /api/my-dashboard/donations/:id': 'owner',
  'DELETE /api/my-dashboard/donations/:id': 'owner',
  'PUT /api/uploads/car-images': 'owner',
  'PUT /api/uploads/:objectId': 'signed',
  'POST /api/admin/registrations/donations': 'admin',
  'GET /api/privacy': 'public',
  'GET /api/my-privacy/data': 'user',
  'DELETE /api/my-privacy/account': 'user',
  'GET /api/deposits/settings': 'public',
  'POST /api/my-deposits/payment': 'user',
  // Guarded by its HMAC signature instead of a session (features/deposits).
  'POST /api/deposits/gocardless-webhook': 'public',
  // Position sharing of the caller's own team (features/tracking); tested in tracking.test.ts.
  'GET /api/my-tracking': 'user',
  'PUT /api/my-tracking': 'user',
  'POST /api/my-tracking/tracker-address': 'user',
  'DELETE /api/my-tracking/tracker-address': 'user',
  // The team's secret address is the credential (a tracker app keeps no session); tested in tracker-address.test.ts.
  'GET /api/tracking/tracker/:token': 'public',
  'POST /api/tracking/tracker/:token': 'public',
  // What every supporter sees: delayed, rounded positions and the live event stream.
  'GET /api/tracking/positions': 'public',
  'GET /api/live-events': 'public',
  // The treasure hunt: the team's own clues and acts (someone on no team gets a 404), and the public standings.
  'GET /api/my-clues': 'user',
  'GET /api/clues/standings': 'public',
  // The control room's team side: SOS, All OK, messages, Web Push (someone on no team gets a 404).
  'POST /api/my-rally-app/answers': 'user',
  'POST /api/my-rally-app/hints': 'user',
  'POST /api/my-rally-app/check-ins': 'user',
  'POST /api/my-rally-app/positions': 'user',
  'POST /api/my-rally-app/sos': 'user',
  'POST /api/my-rally-app/all-ok': 'user',
  'GET /api/my-rally-app/status': 'user',
  'GET /api/my-rally-app/messages': 'user',
  'POST /api/my-rally-app/push-subscription': 'user',
  'DELETE /api/my-rally-app/push-subscription': 'user',
  'GET /api/my-rally-app/push-public-key': 'user',
  // Team updates: the team posts and reads its own (features/rally-app), everyone reads the visible ones.
  'POST /api/my-rally-app/updates': 'user',
  'GET /api/my-rally-app/updates': 'user',
  'GET /api/team-updates': 'public',
  // After the rally: the hunt's day-by-day story on /rally/{year}.
  'GET /api/clues/:year/story': 'public',
};

const isApiRoute = (r: { method: string; url: string }) =>
  r.url.startsWith('/api/') || r.url.startsWith('/unsubscribe/') || r.url.startsWith('/follow/');
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const policyOf = (r: { method: string; url: string }): Policy | undefined => (r.url.startsWith('/api/admin/') ? 'admin' : policies[key(r)]);

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ jobs: true }); // the credentials route needs its queue
});
afterAll(() => app.close());

/**
 * A team owner with a sign-up and a donation, another user and an organiser, made afresh for each
 * case: the sweeps below delete and withdraw what they reach (the admin sweep deletes the donation
 * and the sign-up, the user sweep deletes its own account), so no case may rely on records another
 * case has swept.
 */
async function freshPeople() {
  const owner = await signUp(app);
  const other = await signUp(app);
  const admin = await signUpAdmin(app);
  const signup = await app.inject({
    method: 'POST',
    url: '/api/signups',
    headers: { cookie: owner.cookie },
    payload: teamInput({ driverEmail: owner.email }),
  });
  expect(signup.statusCode).toBe(201);
  const mine = await app.inject({ url: '/api/my-signup', headers: { cookie: owner.cookie } });
  const donation = await app.inject({
    method: 'POST',
    url: '/api/my-donations',
    headers: { cookie: owner.cookie },
    payload: { amount: 1000, paymentMethod: 'cash', donorName: 'Gran' },
  });
  expect(donation.statusCode).toBe(201);
  return { owner, other, admin, signupId: mine.json().id as number, donationId: donation.json().id as number };
}
type People = Awaited<ReturnType<typeof freshPeople>>;

/** Fills path parameters with the owner's records, so "other user" really aims at someone else's data. */
async function request(people: People, route: { method: string; url: string }, cookie?: string): Promise<{ statusCode: number }> {
  if (EVENT_STREAM_URLS.has(route.url)) {
    const stream = await openEventStream(app, route.url, cookie ? { cookie } : {});
    stream.close();
    return { statusCode: stream.status };
  }
  const url = route.url
    .replace(':id', String(people.donationId))
    .replace(':year', '2018')
    .replace(':token', 'no-such-token')
    .replace(':objectId', 'no-such-object');
  const withBody = !['GET', 'DELETE'].includes(route.method);
  const payload = route.url === '/api/uploads/car-images' ? { signupId: people.signupId, carImageURL: '/api/uploads/no-such-object' } : {};
  return app.inject({ method: route.method as 'GET', url, headers: cookie ? { cookie } : {}, ...(withBody ? { payload } : {}) });
}

const apiRoutes = () => app.routeTable.filter(isApiRoute);
const withPolicy = (...wanted: Policy[]) => apiRoutes().filter((r) => wanted.includes(policyOf(r)!));

describe('authorization matrix', () => {
  it('has a policy for every API route, and no policy for a route that no longer exists', () => {
    expect(
      apiRoutes()
        .filter((r) => !policyOf(r))
        .map(key),
    ).toEqual([]);
    const registered = new Set(apiRoutes().map(key));
    expect(Object.keys(policies).filter((k) => !registered.has(k))).toEqual([]);
  });

  it('anonymous: refused on user, owner and admin routes; never refused on public ones', async () => {
    const people = await freshPeople();
    for (const route of withPolicy('user', 'owner', 'admin'))
      expect([key(route), (await request(people, route)).statusCode]).toEqual([key(route), 401]);
    for (const route of withPolicy('public')) {
      const status = (await request(people, route)).statusCode;
      expect([key(route), [401, 403].includes(status) || status >= 500]).toEqual([key(route), false]);
    }
  });

  it('signed-in user: 403 on every admin route, let through on user routes', async () => {
    const people = await freshPeople();
    for (const route of withPolicy('admin'))
      expect([key(route), (await request(people, route, people.other.cookie)).statusCode]).toEqual([key(route), 403]);
    for (const route of withPolicy('user')) {
      const status = (await request(people, route, people.other.cookie)).statusCode;
      expect([key(route), [401, 403].includes(status) || status >= 500]).toEqual([key(route), false]);
    }
  });

  it("other user: cannot touch the owner's records", async () => {
    const people = await freshPeople();
    for (const route of withPolicy('owner')) {
      const status = (await request(people, route, people.other.cookie)).statusCode;
      expect([key(route), [403, 404].includes(status)]).toEqual([key(route), true]);
    }
    const stillThere = await app.inject({ url: '/api/my-donations', headers: { cookie: people.owner.cookie } });
    expect(stillThere.json().map((d: { id: number }) => d.id)).toContain(people.donationId);
  });

  it('owner: reaches their own records', async () => {
    const { owner, donationId } = await freshPeople();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/my-donations/${donationId}`,
      headers: { cookie: owner.cookie },
      payload: { message: 'Thanks Gran' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('admin: let through on every admin route', async () => {
    const people = await freshPeople();
    for (const route of withPolicy('admin')) {
      const status = (await request(people, route, people.admin.cookie)).statusCode;
      expect([key(route), [401, 403].includes(status) || status >= 500]).toEqual([key(route), false]);
    }
  });

  it('signed URLs: refused without a valid signature, whoever asks', async () => {
    const people = await freshPeople();
    for (const route of withPolicy('signed')) {
      for (const cookie of [undefined, people.owner.cookie, people.admin.cookie]) {
        const status = (await request(people, route, cookie)).statusCode;
        expect([key(route), status === 400 || status === 403]).toEqual([key(route), true]);
      }
    }
  });
});
