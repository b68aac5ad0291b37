import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { driverWithTeam } from '../../test/tracking';
import { createTestApp, type TestApp } from '../../test/app';
import { signups, teamPositions } from '../../db/schema';
import { publicPositions } from './positions';
import { publishPositionChanges } from './publish-positions';
import { openEventStream } from '../../test/event-stream';
import { notifyLive } from '../../services/live-events';
import type { LivePositions } from '../../../common/schemas/tracking';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NOW = new Date();
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

/** A team with sharing on (unless told), its driver's cookie and a way to add positions as they were recorded. */
async function sharingTeam(opts: { sharing?: boolean } = {}) {
  const person = await driverWithTeam(app, { sharing: opts.sharing !== false });
  const { signupId } = person;
  const rallyYear = (await app.rallySettings()).year;
  const at = async (minutesAgo: number, lat: number, lng: number) =>
    app.db.insert(teamPositions).values({
      signupId,
      rallyYear,
      lat,
      lng,
      accuracy: 4,
      recordedAt: ago(minutesAgo),
      source: 'app',
      clientId: `t${minutesAgo}`,
    });
  return { ...person, at };
}

const teamIn = (answer: LivePositions, signupId: number) => answer.teams.find((t) => t.signupId === signupId);

/**
 * GET /api/tracking/positions once this instance has heard a positions.changed event (as the minute
 * schedule sends when a position passes the delay), so the answer it keeps is built afresh.
 */
async function publicMap(headers: Record<string, string> = {}) {
  const stream = await openEventStream(app, '/api/live-events');
  await notifyLive(app.db, { kind: 'positions.changed' });
  await stream.next((e) => e.kind === 'positions.changed');
  stream.close();
  return app.inject({ url: '/api/tracking/positions', headers });
}

describe('public positions', () => {
  it('show each sharing team at its latest position at least the delay old, rounded to 2 decimal places', async () => {
    const team = await sharingTeam();
    await team.at(45, 49.187654, -2.104321);
    await team.at(31, 48.864321, 2.349876);
    await team.at(29, 47.1, 1.1); // newer than the delay: not yet public
    await team.at(1, 46.1, 0.1);

    const answer = await publicPositions(app.db, NOW, 30);
    expect(answer.delayMinutes).toBe(30);
    const shown = teamIn(answer, team.signupId)!;
    expect(shown).toMatchObject({ lat: 48.86, lng: 2.35 });
    expect(Object.keys(shown).sort()).toEqual(['at', 'lat', 'lng', 'signupId', 'teamName']);
    // Its time is rounded down to 5 minutes, and is at least the delay old.
    expect(Date.parse(shown.at) % (5 * 60_000)).toBe(0);
    expect(Date.parse(shown.at)).toBeLessThanOrEqual(ago(30).getTime());

    // A longer delay shows an older position; with every position newer than the delay, the team is absent.
    expect(teamIn(await publicPositions(app.db, NOW, 40), team.signupId)).toMatchObject({ lat: 49.19, lng: -2.1 });
    expect(teamIn(await publicPositions(app.db, NOW, 60), team.signupId)).toBeUndefined();
  });

  it('leave out teams that paused or never shared, withdrew, wait for a place, or belong to another season', async () => {
    const paused = await sharingTeam();
    await paused.at(40, 49, -2);
    await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: paused.cookie }, payload: { sharing: false } });
    const never = await sharingTeam({ sharing: false });
    await never.at(40, 49, -2);
    const withdrawn = await sharingTeam();
    await withdrawn.at(40, 49, -2);
    await app.db.update(signups).set({ status: 'withdrawn' }).where(eq(signups.id, withdrawn.signupId));
    // A team put on the waiting list after it shared is not on the road: it leaves the map.
    const waiting = await sharingTeam();
    await waiting.at(40, 49, -2);
    await app.db.update(signups).set({ status: 'waiting_list' }).where(eq(signups.id, waiting.signupId));
    const old = await sharingTeam();
    await old.at(40, 49, -2);
    await app.db.update(signups).set({ rallyYear: 2018 }).where(eq(signups.id, old.signupId));
    const shown = await publicPositions(app.db, NOW, 30);
    for (const t of [paused, never, withdrawn, waiting, old]) expect(teamIn(shown, t.signupId)).toBeUndefined();
  });

  it('GET /api/tracking/positions: the delay setting applies, no session is needed, and no accuracy, source or exact position is sent', async () => {
    const team = await sharingTeam();
    await team.at(35, 50.123456, 1.987654);
    const res = await publicMap();
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const answer = res.json() as LivePositions;
    expect(answer).toMatchObject({ delayMinutes: 30, decimals: 2 });
    expect(teamIn(answer, team.signupId)).toMatchObject({ lat: 50.12, lng: 1.99 });
    expect(res.body).not.toMatch(/50\.123|1\.9876|accuracy|source|"app"/);
  });

  it("a team sees its own exact latest position, and another team's only as the public sees it", async () => {
    const a = await sharingTeam();
    const b = await sharingTeam();
    await a.at(2, 49.111111, -2.222222);
    await a.at(35, 49.333333, -2.444444);
    const own = (await app.inject({ url: '/api/my-tracking', headers: { cookie: a.cookie } })).json();
    expect(own.latest).toMatchObject({ lat: 49.111111, lng: -2.222222 });
    const theirs = await app.inject({ url: '/api/my-tracking', headers: { cookie: b.cookie } });
    expect(theirs.json().latest).toBeNull();
    expect(theirs.body).not.toMatch(/49\.1111|49\.3333/);
    const map = await publicMap({ cookie: b.cookie });
    expect(map.body).not.toMatch(/49\.1111|49\.3333|2\.2222|2\.4444/);
    expect(teamIn(map.json(), a.signupId)).toMatchObject({ lat: 49.33, lng: -2.44 });
  });

  it('the minute schedule tells open pages when a position has passed the delay', async () => {
    const team = await sharingTeam();
    const digest = await publishPositionChanges(app.db, NOW, 30, null);
    const stream = await openEventStream(app, '/api/live-events');
    await team.at(31, 45, 5);
    const changed = await publishPositionChanges(app.db, NOW, 30, digest);
    expect(changed).not.toBe(digest);
    expect(await stream.next((e) => e.kind === 'positions.changed', 1000)).toEqual({ kind: 'positions.changed' });
    expect(await publishPositionChanges(app.db, NOW, 30, changed)).toBe(changed);
    stream.close();
  });
});
