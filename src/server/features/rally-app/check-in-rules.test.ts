import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { clueCheckIns } from '../../db/schema';
import { CHECK_INS_PER_CLUE, NOT_ACCURATE_ENOUGH, TOO_MANY_CHECK_INS } from './check-in-rules';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

// St Malo, radius 200 m (clueFields); 1e-3 degrees of latitude is about 111 m.
const checkIn = (cookie: string, clueId: number, position: { lat: number; lng: number; accuracy?: number }) =>
  post(app, cookie, '/api/my-clues/check-ins', { clientId: randomUUID(), clueId, position });
const checkInsOf = (signupId: number) => app.db.select().from(clueCheckIns).where(eq(clueCheckIns.signupId, signupId));

describe('check-ins prove presence', () => {
  it('refuses a position whose accuracy is worse than the clue’s radius, or not given, and stores nothing', async () => {
    const clue = await createClue(app, admin);
    const { cookie, team } = await teamDriver(app);
    for (const accuracy of [250, undefined]) {
      const res = await checkIn(cookie, clue.id, { lat: 48.649, lng: -2.026, ...(accuracy === undefined ? {} : { accuracy }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NOT_ACCURATE_ENOUGH);
    }
    expect(await checkInsOf(team.id)).toHaveLength(0);
    const fine = await checkIn(cookie, clue.id, { lat: 48.649, lng: -2.026, accuracy: 200 });
    expect(fine.json()).toMatchObject({ visited: true, result: 'checked in' });
  });

  it('answers only "checked in" or "not close enough yet", and a team may try a clue’s place only five times in ten minutes', async () => {
    const clue = await createClue(app, admin, clueFields({ title: 'Probe me' }));
    const other = await createClue(app, admin, clueFields({ title: 'Another place' }));
    const { cookie, team } = await teamDriver(app);
    for (let i = 0; i < CHECK_INS_PER_CLUE; i++) {
      const res = await checkIn(cookie, clue.id, { lat: 48.649 + 0.01 * (i + 1), lng: -2.026, accuracy: 10 });
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['clientId', 'clueId', 'result', 'visited']);
      expect(res.json()).toMatchObject({ visited: false, result: 'not close enough yet' });
    }
    const refused = await checkIn(cookie, clue.id, { lat: 48.649, lng: -2.026, accuracy: 10 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(new RegExp(`^${TOO_MANY_CHECK_INS} You can try again at \\d\\d:\\d\\d \\(Paris time\\)\\.$`));
    expect(Date.parse(refused.json().retryAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await checkInsOf(team.id)).toHaveLength(CHECK_INS_PER_CLUE);
    // Another clue's place, and another team, are not held up.
    expect((await checkIn(cookie, other.id, { lat: 48.649, lng: -2.026, accuracy: 10 })).statusCode).toBe(200);
    const next = await teamDriver(app);
    expect((await checkIn(next.cookie, clue.id, { lat: 48.649, lng: -2.026, accuracy: 10 })).json().result).toBe('checked in');
  });
});
