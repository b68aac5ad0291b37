import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { createClue, myClues, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { clueCheckIns } from '../../db/schema';
import { notifyLive } from '../../services/live-events';

/** A check-in tells where a team is now: the public standings count it only once the map's delay has passed. */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

const lineOf = (teams: { signupId: number; placesVisited: number }[], signupId: number) => teams.find((t) => t.signupId === signupId);
const publicVisits = async (signupId: number) =>
  lineOf((await app.inject({ url: '/api/clues/standings' })).json().teams, signupId)?.placesVisited;

describe('places visited in the public standings', () => {
  it('a check-in is absent from the public standings until the public delay has passed; the team and organisers see it at once', async () => {
    const clue = await createClue(app, admin);
    const { cookie, team } = await teamDriver(app);
    const res = await post(app, cookie, '/api/my-clues/check-ins', {
      clientId: randomUUID(),
      clueId: clue.id,
      position: { lat: 48.649, lng: -2.026, accuracy: 10 },
    });
    expect(res.json().visited).toBe(true);
    expect((await myClues(app, cookie)).score.placesVisited).toBe(1);
    const organisers = (await app.inject({ url: '/api/admin/clues/standings', headers: { cookie: admin } })).json().teams;
    expect(lineOf(organisers, team.id)?.placesVisited).toBe(1);
    expect(await publicVisits(team.id)).toBe(0);

    // 31 minutes later (the delay is 30 by default): the public sees the visit.
    await app.db
      .update(clueCheckIns)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(clueCheckIns.signupId, team.id));
    await notifyLive(app.db, { kind: 'standings.changed' });
    await expect.poll(() => publicVisits(team.id), { timeout: 15_000 }).toBe(1);
  });
});
