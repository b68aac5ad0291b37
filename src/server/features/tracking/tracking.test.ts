import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { driverWithTeam } from '../../test/tracking';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { signups, teamPositions, teamTracking } from '../../db/schema';
import { only } from '../../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A signed-in driver with a team of the current season. */
const as = (cookie: string) => ({ headers: { cookie } });
const positionsOf = (signupId: number) => app.db.select().from(teamPositions).where(eq(teamPositions.signupId, signupId));
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('position sharing', () => {
  it('is off until the team turns it on; positions posted meanwhile are dropped', async () => {
    const team = await driverWithTeam(app);
    const state = await app.inject({ url: '/api/my-tracking', ...as(team.cookie) });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ state: 'off', trackerAddressCreatedAt: null, latest: null, publicDelayMinutes: 30 });

    const dropped = await app.inject({
      method: 'POST',
      url: '/api/my-tracking/positions',
      ...as(team.cookie),
      payload: { lat: 49.1, lng: -2.1, recordedAt: minutesAgo(1), clientId: 'phone-1' },
    });
    expect(dropped.json()).toEqual({ stored: false });
    expect(await positionsOf(team.signupId)).toEqual([]);
  });

  it('on: the rally app posts positions, a retry with the same id is stored once, and the team sees its exact latest', async () => {
    const team = await driverWithTeam(app);
    const on = await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: true } });
    expect(on.json().state).toBe('on');
    const post = (clientId: string, recordedAt: string, lat: number) =>
      app.inject({
        method: 'POST',
        url: '/api/my-tracking/positions',
        ...as(team.cookie),
        payload: { lat, lng: 2.123456, accuracy: 8, recordedAt, clientId },
      });
    const at = minutesAgo(2);
    expect((await post('a1', at, 48.123456)).json()).toEqual({ stored: true });
    expect((await post('a1', at, 48.123456)).json()).toEqual({ stored: true });
    expect((await post('a0', minutesAgo(5), 47.5)).json()).toEqual({ stored: true });
    expect(await positionsOf(team.signupId)).toHaveLength(2);

    const mine = (await app.inject({ url: '/api/my-tracking', ...as(team.cookie) })).json();
    expect(mine.latest).toEqual({ lat: 48.123456, lng: 2.123456, accuracy: 8, recordedAt: at, source: 'app' });
  });

  it('paused: nothing more is stored until it is turned back on', async () => {
    const team = await driverWithTeam(app);
    await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: true } });
    const paused = await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: false } });
    expect(paused.json().state).toBe('paused');
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-tracking/positions',
      ...as(team.cookie),
      payload: { lat: 49, lng: -2, recordedAt: minutesAgo(1), clientId: 'p1' },
    });
    expect(res.json()).toEqual({ stored: false });
    expect(await positionsOf(team.signupId)).toEqual([]);
    const resumed = await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: true } });
    expect(resumed.json().state).toBe('on');
  });

  it('the accepted co-driver may turn it on too; a signed-in person without a team gets 404', async () => {
    const team = await driverWithTeam(app);
    const coDriver = await signUp(app);
    await app.db
      .update(signups)
      .set({ coDriverEmail: coDriver.email, coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() })
      .where(eq(signups.id, team.signupId));
    const on = await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(coDriver.cookie), payload: { sharing: true } });
    expect(on.statusCode).toBe(200);
    expect(only(await app.db.select().from(teamTracking).where(eq(teamTracking.signupId, team.signupId))).sharing).toBe(true);

    const nobody = await signUp(app);
    expect((await app.inject({ url: '/api/my-tracking', ...as(nobody.cookie) })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(nobody.cookie), payload: { sharing: true } })).statusCode,
    ).toBe(404);
  });

  it("last season's team cannot share", async () => {
    const team = await driverWithTeam(app);
    await app.db.update(signups).set({ rallyYear: 2018 }).where(eq(signups.id, team.signupId));
    const res = await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: true } });
    expect(res.statusCode).toBe(404);
    expect(await app.db.select().from(teamTracking).where(eq(teamTracking.signupId, team.signupId))).toEqual([]);
  });

  it('bad input gets 400 and stores nothing', async () => {
    const team = await driverWithTeam(app);
    await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: true } });
    const good = { lat: 49, lng: -2, accuracy: 5, recordedAt: minutesAgo(1), clientId: 'x' };
    const bad = [
      { ...good, lat: 91 },
      { ...good, lng: -180.5 },
      { ...good, lat: 'north' },
      { ...good, accuracy: -1 },
      { ...good, recordedAt: 'yesterday' },
      { ...good, recordedAt: new Date(Date.now() + 60 * 60_000).toISOString() },
      { ...good, recordedAt: '1970-01-01T00:00:00Z' },
      { ...good, clientId: '' },
      { ...good, clientId: 'a\u0000b' },
    ];
    for (const payload of bad) {
      const res = await app.inject({ method: 'POST', url: '/api/my-tracking/positions', ...as(team.cookie), payload });
      expect([payload, res.statusCode]).toEqual([payload, 400]);
    }
    expect((await app.inject({ method: 'PUT', url: '/api/my-tracking', ...as(team.cookie), payload: { sharing: 'yes' } })).statusCode).toBe(
      400,
    );
    expect(await positionsOf(team.signupId)).toEqual([]);
    expect(only(await app.db.select().from(teamTracking).where(eq(teamTracking.signupId, team.signupId))).sharing).toBe(true);
  });
});
