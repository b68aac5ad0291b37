import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK } from '../../test/clues';
import { insertTeam } from '../../test/factories';
import { answerInvitation } from '../../test/invitations';
import { pushSubscriptions, signups, teamTracking, users } from '../../db/schema';
import { issueInvitation } from '../../services/team-invitations';

/** A co-driver who leaves a team loses its private messages and its tracker address in the same change. */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

let fix = 1757592325;
/** A position as OwnTracks posts it to the tracker address. */
const trackerPost = (path: string) =>
  app.inject({ method: 'POST', url: path, payload: { _type: 'location', lat: 48.6, lon: -2.0, acc: 10, tst: ++fix } });

/** A confirmed team whose joined co-driver allowed notifications and made the team's tracker address. */
async function teamWithCoDriverPhone() {
  const driver = await signUp(app);
  const coDriver = await signUp(app);
  const team = await insertTeam(app.db, {
    userId: driver.user.id,
    driverEmail: driver.email,
    status: 'confirmed',
    coDriverFirstName: 'Sam',
    coDriverLastName: 'Le Gallais',
    coDriverEmail: coDriver.email,
    coDriverUserId: coDriver.user.id,
    coDriverAcceptedAt: new Date(),
  });
  const endpoint = `https://142.250.180.10/push/${randomBytes(8).toString('hex')}`;
  expect((await post(app, coDriver.cookie, '/api/my-rally-app/push-subscription', { endpoint, keys: keys() })).statusCode).toBe(201);
  const driverEndpoint = `https://142.250.180.10/push/${randomBytes(8).toString('hex')}`;
  expect(
    (await post(app, driver.cookie, '/api/my-rally-app/push-subscription', { endpoint: driverEndpoint, keys: keys() })).statusCode,
  ).toBe(201);
  await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: coDriver.cookie }, payload: { sharing: true } });
  const address = await app.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: coDriver.cookie } });
  expect(address.statusCode, address.body).toBe(201);
  const trackerPath = new URL(address.json().url as string).pathname;
  expect((await trackerPost(trackerPath)).statusCode).toBe(200);
  return { driver, coDriver, team, endpoint, driverEndpoint, trackerPath };
}

async function expectAccessEnded(t: Awaited<ReturnType<typeof teamWithCoDriverPhone>>) {
  const subs = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.signupId, t.team.id));
  expect(subs.map((s) => s.endpoint)).toEqual([t.driverEndpoint]);
  expect((await trackerPost(t.trackerPath)).statusCode).toBe(404);
  const [tracking] = await app.db.select().from(teamTracking).where(eq(teamTracking.signupId, t.team.id));
  expect(tracking!.trackerTokenHash).toBeNull();
}

describe('a co-driver who leaves the team', () => {
  it('replaced by the driver: their push subscription and the tracker address end at once, the driver’s stay', async () => {
    const t = await teamWithCoDriverPhone();
    const res = await post(app, t.driver.cookie, '/api/my-dashboard/team/co-driver', {
      firstName: 'Alex',
      lastName: 'Renouf',
      email: `new-${randomBytes(4).toString('hex')}@example.test`,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAccessEnded(t);
  });

  it('taken off by the organisers (a new co-driver address): the same', async () => {
    const t = await teamWithCoDriverPhone();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/registrations/${t.team.id}`,
      headers: { cookie: admin },
      payload: { coDriverEmail: `other-${randomBytes(4).toString('hex')}@example.test` },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAccessEnded(t);
  });

  it('an organiser’s edit that keeps the same co-driver ends nothing', async () => {
    const t = await teamWithCoDriverPhone();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/registrations/${t.team.id}`,
      headers: { cookie: admin },
      payload: { coDriverEmail: t.coDriver.email.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.signupId, t.team.id))).toHaveLength(2);
    expect((await trackerPost(t.trackerPath)).statusCode).toBe(200);
  });
});

describe('a co-driver who declines', () => {
  it('with a live link after joining: their push subscription and the tracker address end with the decline, the driver’s stays', async () => {
    const t = await teamWithCoDriverPhone();
    // Accepting spends the link and the driver can send one again only while the co-driver has not
    // joined, so this link is written straight away: declining must still end what they could reach.
    const token = await issueInvitation(app.db, t.team, 'co-driver');
    const res = await answerInvitation(app, token, 'decline', t.coDriver.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [team] = await app.db.select().from(signups).where(eq(signups.id, t.team.id));
    expect(team).toMatchObject({ coDriverUserId: null, coDriverEmail: null, coDriverAcceptedAt: null });
    await expectAccessEnded(t);
  });

  it('who never joined: the team’s members keep their phones and its tracker address', async () => {
    const driver = await signUp(app);
    const invitee = `invited-${randomBytes(4).toString('hex')}@example.test`;
    const team = await insertTeam(app.db, {
      userId: driver.user.id,
      driverEmail: driver.email,
      status: 'confirmed',
      coDriverFirstName: 'Sam',
      coDriverLastName: 'Le Gallais',
      coDriverEmail: invitee,
    });
    const endpoint = `https://142.250.180.10/push/${randomBytes(8).toString('hex')}`;
    expect((await post(app, driver.cookie, '/api/my-rally-app/push-subscription', { endpoint, keys: keys() })).statusCode).toBe(201);
    await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: driver.cookie }, payload: { sharing: true } });
    const address = await app.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: driver.cookie } });
    expect(address.statusCode, address.body).toBe(201);
    const trackerPath = new URL(address.json().url as string).pathname;

    expect((await answerInvitation(app, await issueInvitation(app.db, team, 'co-driver'), 'decline')).statusCode).toBe(200);
    const subs = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.signupId, team.id));
    expect(subs.map((s) => s.endpoint)).toEqual([endpoint]);
    expect((await trackerPost(trackerPath)).statusCode).toBe(200);
  });
});

describe('erasure', () => {
  it('a co-driver who deletes their account: their push subscription and the tracker address end with it, the driver’s stays', async () => {
    const t = await teamWithCoDriverPhone();
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: t.coDriver.cookie },
      payload: { password: t.coDriver.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAccessEnded(t);
  });

  it('a co-driver erased by the organisers: the same', async () => {
    const t = await teamWithCoDriverPhone();
    const res = await post(app, admin, '/api/admin/privacy/erase', { email: t.coDriver.email });
    expect(res.statusCode, res.body).toBe(200);
    await expectAccessEnded(t);
  });

  it('a driver who deletes their account: the team is blanked, and its co-driver’s phone stops hearing it too', async () => {
    const t = await teamWithCoDriverPhone();
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: t.driver.cookie },
      payload: { password: t.driver.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await app.db.select().from(users).where(eq(users.id, t.coDriver.user.id))).toHaveLength(1);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.signupId, t.team.id))).toEqual([]);
    expect((await trackerPost(t.trackerPath)).statusCode).toBe(404);
  });
});
