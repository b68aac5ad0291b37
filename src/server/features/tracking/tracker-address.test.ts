import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { driverWithTeam } from '../../test/tracking';
import { createTestApp, type TestApp } from '../../test/app';
import { rateLimits, signups, sosAlerts, teamPositions, teamTracking } from '../../db/schema';
import { TRACKER_FIXES_PER_RECORDED_MINUTE } from './tracker-routes';
import { only } from '../../test/rows';

/** The recorded requests of the tracker apps (fixtures/README.md). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const ownTracksLocation = JSON.parse(fixture('owntracks-location.json'));
const traccarJson = JSON.parse(fixture('traccar-json.json'));
const osmAnd = fixture('traccar-osmand.txt')
  .trim()
  .split('\n')
  .map((line) => {
    const [how, rest] = line.split(' ') as [string, string];
    return { how, params: rest.replace(/^\?/, '') };
  });

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let counter = 0;
/** A fresh team with sharing on (unless told) and a tracker address; the address's path and the team. */
async function teamWithAddress(opts: { sharing?: boolean } = {}) {
  const person = await driverWithTeam(app, { sharing: opts.sharing !== false });
  const address = await app.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: person.cookie } });
  expect(address.statusCode).toBe(201);
  const url = new URL(address.json().url as string);
  return { ...person, path: url.pathname, token: url.pathname.split('/').at(-1)! };
}

const positionsOf = (signupId: number) => app.db.select().from(teamPositions).where(eq(teamPositions.signupId, signupId));
/** Each request from its own network address, so the per-address limit is the only one a test meets. */
const remoteAddress = () => `10.77.${(++counter >> 8) & 255}.${counter & 255}`;
const postJson = (path: string, payload: unknown) =>
  app.inject({ method: 'POST', url: path, payload: payload as object, remoteAddress: remoteAddress() });

describe('the tracker address', () => {
  it('is shown once: only a hash of its token is stored, and a new one replaces the old', async () => {
    const team = await teamWithAddress();
    expect(team.path).toMatch(/^\/api\/tracking\/tracker\/[\w-]{32}$/);
    const row = only(await app.db.select().from(teamTracking).where(eq(teamTracking.signupId, team.signupId)));
    expect(row.trackerTokenHash).not.toContain(team.token);
    expect(JSON.stringify(row)).not.toContain(team.token);
    const state = await app.inject({ url: '/api/my-tracking', headers: { cookie: team.cookie } });
    expect(state.json().trackerAddressCreatedAt).toBe(row.trackerCreatedAt!.toISOString());
    expect(state.body).not.toContain(team.token);

    const again = await app.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: team.cookie } });
    const newPath = new URL(again.json().url as string).pathname;
    expect(newPath).not.toBe(team.path);
    expect((await postJson(team.path, ownTracksLocation)).statusCode).toBe(404);
    expect((await postJson(newPath, ownTracksLocation)).statusCode).toBe(200);

    const removed = await app.inject({ method: 'DELETE', url: '/api/my-tracking/tracker-address', headers: { cookie: team.cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await postJson(newPath, ownTracksLocation)).statusCode).toBe(404);
  });

  it('OwnTracks: a location is stored, answered with [], once however often it is retried; no session cookie', async () => {
    const team = await teamWithAddress();
    for (let i = 0; i < 2; i++) {
      // The address is outside the session scope: even a browser's session cookie is neither read nor renewed.
      const res = await app.inject({
        method: 'POST',
        url: team.path,
        payload: ownTracksLocation,
        headers: { cookie: team.cookie },
        remoteAddress: remoteAddress(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const stored = only(await positionsOf(team.signupId));
    expect(stored).toMatchObject({
      lat: 49.18271,
      lng: -0.37064,
      accuracy: 12,
      source: 'owntracks',
      recordedAt: new Date(1757592325 * 1000),
    });
  });

  it('OwnTracks: other message types and an empty body are acknowledged and ignored', async () => {
    const team = await teamWithAddress();
    for (const name of ['owntracks-lwt.json', 'owntracks-transition.json']) {
      const res = await postJson(team.path, JSON.parse(fixture(name)));
      expect([name, res.statusCode, res.body]).toEqual([name, 200, '[]']);
    }
    const empty = await app.inject({ method: 'POST', url: team.path, remoteAddress: remoteAddress() });
    expect([empty.statusCode, empty.body]).toEqual([200, '[]']);
    expect(await positionsOf(team.signupId)).toEqual([]);
  });

  it('Traccar Client: OsmAnd parameters in the query of a POST or a GET, in a form body, and the JSON of version 9', async () => {
    const team = await teamWithAddress();
    for (const { how, params } of osmAnd) {
      const res =
        how === 'FORM'
          ? await app.inject({
              method: 'POST',
              url: team.path,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: params,
              remoteAddress: remoteAddress(),
            })
          : await app.inject({ method: how as 'GET' | 'POST', url: `${team.path}?${params}`, remoteAddress: remoteAddress() });
      expect([how, res.statusCode]).toEqual([how, 200]);
    }
    expect((await postJson(team.path, traccarJson)).statusCode).toBe(200);
    const rows = (await positionsOf(team.signupId)).sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    expect(rows.map((r) => [r.source, r.lat, r.lng, r.accuracy, r.recordedAt.toISOString()])).toEqual([
      ['traccar', 49.18271, -0.37064, 9, '2025-09-11T12:05:25.000Z'],
      ['traccar', 49.20001, -0.35002, 7, '2025-09-11T12:06:25.000Z'],
      ['traccar', 49.19, -0.36, 15, '2025-09-11T12:10:25.000Z'],
      ['traccar', 48.11372, -1.68044, 8.5, '2025-09-11T12:15:30.000Z'],
    ]);
  });

  it('bad coordinates or an unreadable request: 400, nothing stored', async () => {
    const team = await teamWithAddress();
    const bad = [
      { ...ownTracksLocation, lat: 91 },
      { ...ownTracksLocation, lon: 'east' },
      { ...ownTracksLocation, tst: undefined },
      { ...ownTracksLocation, tst: Math.floor(Date.now() / 1000) + 3600 },
      { ...traccarJson, location: { ...traccarJson.location, coords: { latitude: 12 } } },
      [1, 2, 3],
    ];
    for (const payload of bad) expect([payload, (await postJson(team.path, payload)).statusCode]).toEqual([payload, 400]);
    for (const query of [
      'id=1&lat=95&lon=2',
      'id=1&lat=abc&lon=2',
      'id=1&lon=2',
      'id=1&lat=1&lon=2&timestamp=soon',
      'id=1&lat=1&lat=2&lon=3',
    ]) {
      const res = await app.inject({ method: 'POST', url: `${team.path}?${query}`, remoteAddress: remoteAddress() });
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    expect(await positionsOf(team.signupId)).toEqual([]);
  });

  it('an unknown token is 404; while sharing is paused or off, positions are accepted and dropped', async () => {
    expect((await postJson('/api/tracking/tracker/no-such-token-at-all-000000000000', ownTracksLocation)).statusCode).toBe(404);
    const off = await teamWithAddress({ sharing: false });
    const res = await postJson(off.path, ownTracksLocation);
    expect([res.statusCode, res.body]).toEqual([200, '[]']);
    const paused = await teamWithAddress();
    await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: paused.cookie }, payload: { sharing: false } });
    expect((await postJson(paused.path, ownTracksLocation)).statusCode).toBe(200);
    expect([...(await positionsOf(off.signupId)), ...(await positionsOf(paused.signupId))]).toEqual([]);
  });

  it('OwnTracks: an empty application/json body (a friend removed) is answered 200 []', async () => {
    const team = await teamWithAddress();
    for (const payload of ['', '  ']) {
      const res = await app.inject({
        method: 'POST',
        url: team.path,
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: remoteAddress(),
      });
      expect([res.statusCode, res.body]).toEqual([200, '[]']);
    }
    const broken = await app.inject({
      method: 'POST',
      url: team.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"_type":',
      remoteAddress: remoteAddress(),
    });
    expect(broken.statusCode).toBe(400);
    expect(await positionsOf(team.signupId)).toEqual([]);
  });

  it('drains a 2-hour buffer (a fix every 10 s, sent back to back from one network address) without a 429', async () => {
    const team = await teamWithAddress();
    const start = Math.floor(Date.now() / 1000) - 2 * 3600;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 720; i++) {
      const res = await app.inject({
        method: 'POST',
        url: team.path,
        payload: { ...ownTracksLocation, tst: start + i * 10 },
        remoteAddress: '10.99.0.1',
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect([...statuses]).toEqual([[200, 720]]);
    expect(await positionsOf(team.signupId)).toHaveLength(720);
  }, 60_000);

  it('is rate limited by the minute each fix was recorded: more fixes of one minute than a tracker can record are refused with 429', async () => {
    const team = await teamWithAddress({ sharing: false });
    const statuses = [];
    for (let i = 0; i <= TRACKER_FIXES_PER_RECORDED_MINUTE; i++)
      statuses.push((await postJson(team.path, { ...ownTracksLocation, tst: 1757592300 + (i % 60) })).statusCode);
    expect(statuses.slice(0, TRACKER_FIXES_PER_RECORDED_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[TRACKER_FIXES_PER_RECORDED_MINUTE]).toBe(429);
    // The next minute of fixes is let through, and the token is never stored in a limit's key.
    expect((await postJson(team.path, { ...ownTracksLocation, tst: 1757592360 })).statusCode).toBe(200);
    const keys = (await app.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.includes(team.token))).toBe(false);
  });

  it('an unknown address is rate limited per network address', async () => {
    const statuses = [];
    for (let i = 0; i < 601; i++)
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/tracking/tracker/unknown-token-000000000000000000', remoteAddress: '10.98.0.1' }))
          .statusCode,
      );
    expect(statuses.slice(0, 600).every((s) => s === 404)).toBe(true);
    expect(statuses[600]).toBe(429);
  }, 60_000);

  it("Traccar's alarm=sos raises one SOS for the team, at the fix's place, however often it is resent", async () => {
    const team = await teamWithAddress();
    const query = 'id=48241179&timestamp=1757592325&lat=49.18271&lon=-0.37064&accuracy=9.0&alarm=sos';
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'POST', url: `${team.path}?${query}`, remoteAddress: remoteAddress() });
      expect([res.statusCode, res.body]).toEqual([200, '[]']);
    }
    const sos = only(await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, team.signupId)));
    expect(sos).toMatchObject({ latitude: 49.18271, longitude: -0.37064, raisedByUserId: team.user.id });
    expect(only(await positionsOf(team.signupId))).toMatchObject({ lat: 49.18271, source: 'traccar' });
    // Traccar Client 9's JSON carries it in the location's extras.
    const json = await teamWithAddress();
    const alarmed = { ...traccarJson, location: { ...traccarJson.location, extras: { alarm: 'sos' } } };
    expect((await postJson(json.path, alarmed)).statusCode).toBe(200);
    expect(only(await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, json.signupId)))).toMatchObject({ latitude: 48.11372 });
    // A position without the alarm raises none.
    const quiet = await teamWithAddress();
    await app.inject({ method: 'POST', url: `${quiet.path}?${query.replace('&alarm=sos', '')}`, remoteAddress: remoteAddress() });
    expect(await app.db.select().from(sosAlerts).where(eq(sosAlerts.signupId, quiet.signupId))).toEqual([]);
  });

  it("a waiting-list team's address is refused like an unknown one: it is not on the road", async () => {
    const team = await teamWithAddress();
    await app.db.update(signups).set({ status: 'waiting_list' }).where(eq(signups.id, team.signupId));
    expect((await postJson(team.path, ownTracksLocation)).statusCode).toBe(404);
    expect(await positionsOf(team.signupId)).toEqual([]);
  });
});
