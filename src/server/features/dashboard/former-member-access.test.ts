import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK } from '../../test/clues';
import { insertTeam } from '../../test/factories';
import { pushSubscriptions, teamTracking } from '../../db/schema';

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
  expect((await post(app, coDriver.cookie, '/api/my-rally/push-subscription', { endpoint, keys: keys() })).statusCode).toBe(201);
  const driverEndpoint = `https://142.250.180.10/push/${randomBytes(8).toString('hex')}`;
  expect((await post(app, driver.cookie, '/api/my-rally/push-subscription', { endpoint: driverEndpoint, keys: keys() })).statusCode).toBe(
    201,
  );
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
