import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { teamPositions, teamTracking, type signups } from '../../db/schema';
import { hashTrackerToken, TRACKER_PATH } from './sharing';
import { SHARING_ENDED, sharingEndsOn } from '../../services/sharing-period';
import { ON_THE_WAITING_LIST } from '../../services/rally-team';

/**
 * The 2026 rally's last day is 12 September: with the default of 1 day, sharing runs through 13
 * September and has ended on the 14th (Europe/London).
 */
let during: TestApp;
let after: TestApp;
beforeAll(async () => {
  during = await createTestApp({ env: { RALLY_CLOCK: '2026-09-13T20:00:00Z' } });
  after = await createTestApp({ env: { RALLY_CLOCK: '2026-09-14T08:00:00Z' } });
});
afterAll(async () => {
  await during.close();
  await after.close();
});

let fix = 1757592325;
/** A team sharing its position, with a tracker address and a position an hour old (past the public delay). */
async function sharingTeam(app: TestApp, status: (typeof signups.$inferInsert)['status'] = 'confirmed') {
  const driver = await signUp(app);
  const team = await insertTeam(app.db, { userId: driver.user.id, driverEmail: driver.email, status });
  const token = randomBytes(24).toString('base64url');
  await app.db.insert(teamTracking).values({
    signupId: team.id,
    sharing: true,
    sharingChangedAt: new Date(),
    trackerTokenHash: hashTrackerToken(token),
    trackerCreatedAt: new Date(),
  });
  await app.db.insert(teamPositions).values({
    signupId: team.id,
    rallyYear: team.rallyYear,
    lat: 43.55,
    lng: 7.01,
    accuracy: 5,
    recordedAt: new Date(Date.now() - 60 * 60_000),
    source: 'app',
    clientId: `seed-${team.id}`,
  });
  const tracker = () =>
    app.inject({
      method: 'POST',
      url: `${TRACKER_PATH}${token}`,
      payload: { _type: 'location', lat: 43.55, lon: 7.02, acc: 8, tst: ++fix },
    });
  const positions = async () => (await app.db.select().from(teamPositions).where(eq(teamPositions.signupId, team.id))).length;
  return { ...driver, team, tracker, positions };
}

const onMap = async (app: TestApp, signupId: number) =>
  ((await app.inject({ url: '/api/tracking/positions' })).json().teams as { signupId: number }[]).some((t) => t.signupId === signupId);

describe('position sharing ends with the rally', () => {
  it('ends on the first day after the last rally day plus the setting', () => {
    expect(sharingEndsOn({ rallyEnd: '2026-09-12', positionSharingEndsDaysAfterRally: 1 })).toBe('2026-09-14');
    expect(sharingEndsOn({ rallyEnd: '2026-09-12', positionSharingEndsDaysAfterRally: 0 })).toBe('2026-09-13');
  });

  it('the day after the rally, with the default of one day, a team still shares', async () => {
    const t = await sharingTeam(during);
    expect((await t.tracker()).statusCode).toBe(200);
    expect(await t.positions()).toBe(2);
    expect(await onMap(during, t.team.id)).toBe(true);
  });

  it('after it: tracker addresses answer 410 with a plain message, nothing is stored, the public map shows no team, and sharing cannot be turned on', async () => {
    const t = await sharingTeam(after);
    const res = await t.tracker();
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(SHARING_ENDED);
    expect(await t.positions()).toBe(1);
    expect((await after.inject({ url: '/api/tracking/positions' })).json().teams).toEqual([]);

    const mine = await after.inject({ url: '/api/my-tracking', headers: { cookie: t.cookie } });
    expect(mine.json().state).toBe('off');
    const turnOn = await after.inject({
      method: 'PUT',
      url: '/api/my-tracking',
      headers: { cookie: t.cookie },
      payload: { sharing: true },
    });
    expect(turnOn.statusCode).toBe(410);
    const address = await after.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: t.cookie } });
    expect(address.statusCode).toBe(410);
    const appPosition = await after.inject({
      method: 'POST',
      url: '/api/my-tracking/positions',
      headers: { cookie: t.cookie },
      payload: { lat: 43.55, lng: 7.01, accuracy: 5, recordedAt: new Date().toISOString(), clientId: 'after-the-end' },
    });
    expect(appPosition.statusCode).toBe(410);
    expect(await t.positions()).toBe(1);
    // Pausing is still allowed.
    expect(
      (await after.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: t.cookie }, payload: { sharing: false } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('waiting-list teams are not on the road', () => {
  it('cannot turn sharing on or make a tracker address, their positions are dropped, and they are not on the map', async () => {
    const t = await sharingTeam(during, 'waiting_list');
    const turnOn = await during.inject({
      method: 'PUT',
      url: '/api/my-tracking',
      headers: { cookie: t.cookie },
      payload: { sharing: true },
    });
    expect(turnOn.statusCode).toBe(409);
    expect(turnOn.json().message).toBe(ON_THE_WAITING_LIST);
    expect(
      (await during.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: t.cookie } })).statusCode,
    ).toBe(409);
    // A tracker set up before finds its address unknown (the same answer as any address of a team without a place), and nothing is kept.
    expect((await t.tracker()).statusCode).toBe(404);
    expect(await t.positions()).toBe(1);
    expect(await onMap(during, t.team.id)).toBe(false);
  });
});
