import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { setRallyClock } from '../../test/rally-clock';
import { allOkCheckIns, clueAnswers, clueCheckIns, clueHintTakes, signups, teamPositions, teamUpdates } from '../../db/schema';
import { CLIENT_ID_REUSED } from '../../services/once-per-client-id';
import { BEFORE_RELEASE, tooLate } from '../../services/rally-days';
import { ON_THE_WAITING_LIST } from '../../services/rally-team';

/**
 * The acts a team makes with the rally app (/api/my-rally-app): each stored once per id made on the
 * phone, each keeping the time it was made within bounds, each behind the one guard of a team on
 * the road. The season's clock is 14:00 in Paris on the rally's second day.
 */
let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

/** Runs `act` with the season's clock at `instant`, then puts it back. */
async function at<T>(instant: string, act: () => Promise<T>): Promise<T> {
  setRallyClock(app, instant);
  try {
    return await act();
  } finally {
    setRallyClock(app, RALLY_DAY_CLOCK);
  }
}

async function sharingTeam() {
  const driver = await teamDriver(app);
  const on = await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: driver.cookie }, payload: { sharing: true } });
  expect(on.statusCode, on.body).toBe(200);
  return driver;
}

const position = { lat: 48.649, lng: -2.026, accuracy: 10 };

describe('an act keeps the time it was made, within bounds', () => {
  it("the settings every page reads name the rally's time zone and the grace for acts made without signal", async () => {
    expect((await app.inject({ url: '/api/settings' })).json()).toMatchObject({ timeZone: 'Europe/Paris', actGraceHours: 12 });
  });

  it('a time in the future is taken as now: a phone whose clock is ahead is never refused', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie } = await teamDriver(app);
    const res = await post(app, cookie, '/api/my-rally-app/answers', answer(clue.id, { madeAt: '2026-09-10T12:40:00Z' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answer.answeredAt).toBe('2026-09-10T12:00:00.000Z');
  });

  it("a time before the clue's release is a 400 with the reason, and nothing is stored", async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    const early = '2026-09-10T08:30:00Z'; // the clue comes out at 09:00
    const answered = await post(app, cookie, '/api/my-rally-app/answers', answer(clue.id, { madeAt: early }));
    const checked = await post(app, cookie, '/api/my-rally-app/check-ins', {
      clientId: randomUUID(),
      clueId: clue.id,
      position,
      madeAt: early,
    });
    for (const res of [answered, checked]) expect([res.statusCode, res.json().message]).toEqual([400, BEFORE_RELEASE]);
    expect(await app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, team.id))).toEqual([]);
    expect(await app.db.select().from(clueCheckIns).where(eq(clueCheckIns.signupId, team.id))).toEqual([]);
  });

  it('a hint taken at 23:50 that arrives at 00:30 counts for its day; one arriving after the grace is refused with the reason', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ hints: [{ text: 'Look at the tide', cost: 10 }] }));
    const hintId = clue.hints[0]!.id;
    const { cookie, team } = await teamDriver(app);
    const madeAt = '2026-09-10T23:50:00+02:00';
    const late = await at('2026-09-11T12:30:00+02:00', () =>
      post(app, cookie, '/api/my-rally-app/hints', { clientId: randomUUID(), clueId: clue.id, hintId, madeAt }),
    );
    expect([late.statusCode, late.json().message]).toEqual([409, tooLate(12)]);

    const res = await at('2026-09-11T00:30:00+02:00', () =>
      post(app, cookie, '/api/my-rally-app/hints', { clientId: randomUUID(), clueId: clue.id, hintId, madeAt }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hint).toMatchObject({ text: 'Look at the tide', cost: 10, takenAt: '2026-09-10T21:50:00.000Z' });
    const [taken] = await app.db.select().from(clueHintTakes).where(eq(clueHintTakes.signupId, team.id));
    expect(taken?.madeAt?.toISOString()).toBe('2026-09-10T21:50:00.000Z');
  });

  it('updates and All OK keep their made time too', async () => {
    const { cookie, team } = await teamDriver(app);
    const madeAt = '2026-09-10T11:05:00Z';
    const update = await post(app, cookie, '/api/my-rally-app/updates', { clientId: randomUUID(), body: 'Lunch in Dinan', madeAt });
    expect(update.statusCode, update.body).toBe(201);
    expect(update.json().createdAt).toBe('2026-09-10T11:05:00.000Z');
    const ok = await post(app, cookie, '/api/my-rally-app/all-ok', { clientId: randomUUID(), madeAt });
    expect(ok.json()).toEqual({ day: '2026-09-10', at: '2026-09-10T11:05:00.000Z' });
    const [row] = await app.db.select().from(allOkCheckIns).where(eq(allOkCheckIns.signupId, team.id));
    expect(row?.madeAt?.toISOString()).toBe('2026-09-10T11:05:00.000Z');
  });
});

describe('each act is stored once per clientId made on the phone', () => {
  type Kind = {
    url: string;
    body: () => Record<string, unknown>;
    other: (body: Record<string, unknown>) => Record<string, unknown>;
    rows: (signupId: number) => Promise<unknown[]>;
  };

  it('the same id with the same act is the stored act; with another act, the one 409 text, for every kind of act', async () => {
    const clue = await createClue(
      app,
      admin.cookie,
      clueFields({
        hints: [
          { text: 'North', cost: 5 },
          { text: 'South', cost: 5 },
        ],
      }),
    );
    const driver = await sharingTeam();
    const kinds: Kind[] = [
      {
        url: '/api/my-rally-app/answers',
        body: () => answer(clue.id, { text: 'Dinard' }),
        other: (b) => ({ ...b, text: 'Cancale' }),
        rows: (id) => app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, id)),
      },
      {
        url: '/api/my-rally-app/hints',
        body: () => ({ clientId: randomUUID(), clueId: clue.id, hintId: clue.hints[0]!.id }),
        other: (b) => ({ ...b, hintId: clue.hints[1]!.id }),
        rows: (id) => app.db.select().from(clueHintTakes).where(eq(clueHintTakes.signupId, id)),
      },
      {
        url: '/api/my-rally-app/check-ins',
        body: () => ({ clientId: randomUUID(), clueId: clue.id, position }),
        other: (b) => ({ ...b, position: { lat: 48.1, lng: -1.6 } }),
        rows: (id) => app.db.select().from(clueCheckIns).where(eq(clueCheckIns.signupId, id)),
      },
      {
        url: '/api/my-rally-app/positions',
        body: () => ({ ...position, recordedAt: '2026-09-10T11:00:00Z', clientId: randomUUID() }),
        other: (b) => ({ ...b, lat: 48.2 }),
        rows: (id) => app.db.select().from(teamPositions).where(eq(teamPositions.signupId, id)),
      },
      {
        url: '/api/my-rally-app/updates',
        body: () => ({ clientId: randomUUID(), body: 'Crossed into Brittany' }),
        other: (b) => ({ ...b, body: 'Lost in Rennes' }),
        rows: (id) => app.db.select().from(teamUpdates).where(eq(teamUpdates.signupId, id)),
      },
    ];
    for (const kind of kinds) {
      const body = kind.body();
      const first = await post(app, driver.cookie, kind.url, body);
      expect(first.statusCode, `${kind.url}: ${first.body}`).toBeLessThan(300);
      const again = await post(app, driver.cookie, kind.url, body);
      expect([kind.url, again.statusCode < 300, again.json()]).toEqual([kind.url, true, first.json()]);
      const reused = await post(app, driver.cookie, kind.url, kind.other(body));
      expect([kind.url, reused.statusCode, reused.json().message]).toEqual([kind.url, 409, CLIENT_ID_REUSED]);
      expect([kind.url, (await kind.rows(driver.team.id)).length]).toEqual([kind.url, 1]);
    }
  });

  it("All OK: the same id again is the same answer; another team's id is the one 409 text", async () => {
    const one = await teamDriver(app);
    const other = await teamDriver(app);
    const clientId = randomUUID();
    const first = await post(app, one.cookie, '/api/my-rally-app/all-ok', { clientId });
    expect(first.statusCode, first.body).toBe(200);
    expect((await post(app, one.cookie, '/api/my-rally-app/all-ok', { clientId })).json()).toEqual(first.json());
    const reused = await post(app, other.cookie, '/api/my-rally-app/all-ok', { clientId });
    expect([reused.statusCode, reused.json().message]).toEqual([409, CLIENT_ID_REUSED]);
    expect(await app.db.select().from(allOkCheckIns).where(eq(allOkCheckIns.signupId, other.team.id))).toEqual([]);
  });
});

describe('the one guard of a team on the road', () => {
  it('refuses a waiting-list team on every team route with one plain message, and stores nothing', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    await app.db.update(signups).set({ status: 'waiting_list' }).where(eq(signups.id, team.id));
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/my-clues' },
      { method: 'POST', url: '/api/my-rally-app/answers', payload: answer(clue.id) },
      { method: 'POST', url: '/api/my-rally-app/hints', payload: { clientId: randomUUID(), clueId: clue.id, hintId: randomUUID() } },
      { method: 'POST', url: '/api/my-rally-app/check-ins', payload: { clientId: randomUUID(), clueId: clue.id, position } },
      {
        method: 'POST',
        url: '/api/my-rally-app/positions',
        payload: { ...position, recordedAt: '2026-09-10T11:00:00Z', clientId: randomUUID() },
      },
      { method: 'POST', url: '/api/my-rally-app/updates', payload: { clientId: randomUUID(), body: 'Waiting' } },
      { method: 'POST', url: '/api/my-rally-app/sos', payload: { clientId: randomUUID(), note: 'Help' } },
      { method: 'POST', url: '/api/my-rally-app/all-ok', payload: { clientId: randomUUID() } },
      { method: 'GET', url: '/api/my-rally-app/status' },
      { method: 'GET', url: '/api/my-tracking' },
      { method: 'PUT', url: '/api/my-tracking', payload: { sharing: true } },
      { method: 'POST', url: '/api/my-tracking/tracker-address' },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: { cookie } });
      expect([call.url, res.statusCode, res.json().message]).toEqual([call.url, 409, ON_THE_WAITING_LIST]);
    }
    expect(await app.db.select().from(teamPositions).where(eq(teamPositions.signupId, team.id))).toEqual([]);
    expect(await app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, team.id))).toEqual([]);
  });
});

describe('the addresses of the acts', () => {
  it('the acts are under /api/my-rally-app, and the addresses from before the move still reach them', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ hints: [{ text: 'East', cost: 5 }] }));
    const driver = await sharingTeam();
    const pairs: [string, string, () => object][] = [
      ['/api/my-clues/answers', '/api/my-rally-app/answers', () => answer(clue.id, { text: 'Dinan' })],
      ['/api/my-clues/hints', '/api/my-rally-app/hints', () => ({ clientId: randomUUID(), clueId: clue.id, hintId: clue.hints[0]!.id })],
      ['/api/my-clues/check-ins', '/api/my-rally-app/check-ins', () => ({ clientId: randomUUID(), clueId: clue.id, position })],
      [
        '/api/my-tracking/positions',
        '/api/my-rally-app/positions',
        () => ({ ...position, recordedAt: '2026-09-10T11:30:00Z', clientId: randomUUID() }),
      ],
    ];
    for (const [old, now, body] of pairs) {
      const payload = body();
      const viaNew = await post(app, driver.cookie, now, payload);
      expect([now, viaNew.statusCode]).toEqual([now, 200]);
      // The same act through the old address is the same act, stored once.
      const viaOld = await post(app, driver.cookie, old, payload);
      expect([old, viaOld.statusCode, viaOld.json()]).toEqual([old, 200, viaNew.json()]);
      const fresh = await post(app, driver.cookie, old, body());
      expect([old, fresh.statusCode]).toEqual([old, 200]);
    }
    // The position sent twice is stored once; the fresh one through the old address is the second.
    expect(await app.db.select().from(teamPositions).where(eq(teamPositions.signupId, driver.team.id))).toHaveLength(2);
  });
});
