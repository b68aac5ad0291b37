import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditRow } from '../../test/rows';
import { openEventStream } from '../../test/event-stream';
import { signUpAdmin } from '../../test/auth';
import { answer, createClue, myClues, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { cluePenalties } from '../../db/schema';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

const lastAudit = () => lastAuditRow(app.db);
const penalise = (payload: object, cookie = admin.cookie) => post(app, cookie, '/api/admin/clues/penalties', payload);
type Line = { teamName: string; rank: number; total: number; penalties: number };
const line = (teams: Line[], name: string) => teams.find((t) => t.teamName === name)!;
const publicStandings = async () => (await app.inject({ url: '/api/clues/standings' })).json().teams as Line[];
/**
 * The public standings once they show `team` as expected. The instance keeps a built answer until
 * the change's live event reaches it, a moment after the commit (services/live-answer.ts).
 */
async function publicStandingsShowing(team: string, expected: Partial<Line>) {
  let res = await app.inject({ url: '/api/clues/standings' });
  await vi.waitFor(async () => {
    res = await app.inject({ url: '/api/clues/standings' });
    expect(line(res.json().teams, team)).toMatchObject(expected);
  });
  return { body: res.body, teams: res.json().teams as Line[] };
}

describe('penalties', () => {
  it('come off the total and change the ranks; the team reads the reason, the public only the points', async () => {
    const clue = await createClue(app, admin.cookie);
    const first = await teamDriver(app, 'Speedy Sprinters');
    const second = await teamDriver(app, 'Steady Strollers');
    await post(app, first.cookie, '/api/my-clues/answers', answer(clue.id, { answeredAt: '2026-09-10T10:00:00Z' }));
    await post(app, second.cookie, '/api/my-clues/answers', answer(clue.id, { answeredAt: '2026-09-10T11:00:00Z' }));
    const before = await publicStandings();
    expect(line(before, 'Speedy Sprinters').rank).toBeLessThan(line(before, 'Steady Strollers').rank);

    const reason = 'Ran the red light at Gorey pier';
    const res = await penalise({ signupId: first.team.id, points: 20, reason, day: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const penalty = res.json();
    expect(penalty).toMatchObject({
      signupId: first.team.id,
      teamName: 'Speedy Sprinters',
      points: 20,
      reason,
      day: 2,
      createdBy: admin.email,
    });

    const { body, teams: after } = await publicStandingsShowing('Speedy Sprinters', { total: 30, penalties: 20 });
    expect(body).not.toContain('red light');
    expect(line(after, 'Speedy Sprinters').rank).toBeGreaterThan(line(after, 'Steady Strollers').rank);

    const admins = (await app.inject({ url: '/api/admin/clues/standings', headers: { cookie: admin.cookie } })).json();
    expect(admins.penaltyList).toContainEqual(expect.objectContaining({ id: penalty.id, reason, points: 20 }));
    expect(line(admins.teams, 'Speedy Sprinters')).toMatchObject({ total: 30, penalties: 20 });

    expect((await myClues(app, first.cookie)).score).toMatchObject({
      cluePoints: 50,
      penalties: 20,
      total: 30,
      penaltyList: [{ points: 20, reason, day: 2 }],
    });
    expect((await myClues(app, second.cookie)).score).toMatchObject({ penalties: 0, penaltyList: [] });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/clues/penalties/${penalty.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await publicStandingsShowing('Speedy Sprinters', { total: 50, penalties: 0 });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/clues/penalties/${penalty.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it('are audited when given and when taken back', async () => {
    const { team } = await teamDriver(app, 'Audited Aces');
    const res = await penalise({ signupId: team.id, points: 5, reason: 'Late to the start' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await lastAudit()).toMatchObject({
      action: 'clue_penalty.create',
      targetType: 'signup',
      targetId: String(team.id),
      actorEmail: admin.email,
      details: { after: { points: 5, reason: 'Late to the start', day: null } },
    });
    await app.inject({ method: 'DELETE', url: `/api/admin/clues/penalties/${res.json().id}`, headers: { cookie: admin.cookie } });
    expect(await lastAudit()).toMatchObject({
      action: 'clue_penalty.delete',
      targetId: String(team.id),
      details: { before: { points: 5, reason: 'Late to the start' } },
    });
  });

  it('tell open live pages that the standings changed', async () => {
    const { team } = await teamDriver(app);
    const stream = await openEventStream(app, '/api/live-events');
    try {
      const heard = stream.next((e: { kind: string; signupId?: number }) => e.kind === 'standings.changed' && e.signupId === team.id, 1000);
      expect((await penalise({ signupId: team.id, points: 3, reason: 'Speeding' })).statusCode).toBe(201);
      await heard;
    } finally {
      stream.close();
    }
  });

  it('are refused to anyone but an organiser, and for bad input, changing nothing', async () => {
    const { cookie, team } = await teamDriver(app);
    const rallier = await penalise({ signupId: team.id, points: 10, reason: 'Sabotage' }, cookie);
    expect(rallier.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/clues/penalties',
      payload: { signupId: team.id, points: 10, reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const [payload, message] of [
      [{ signupId: team.id, points: 0, reason: 'Nothing' }, 'A penalty is at least 1 point'],
      [{ signupId: team.id, points: 2.5, reason: 'Half' }, 'Points must be a whole number'],
      [{ signupId: team.id, points: 10, reason: '  ' }, 'Please give a reason'],
      [{ signupId: team.id, points: 10, reason: 'Wrong day', day: 9 }, 'The 2026 rally has 4 days: choose a day from 1 to 4'],
      [{ signupId: 999_999, points: 10, reason: 'Nobody' }, "That team is not in this year's rally"],
    ] as const) {
      const res = await penalise(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await app.db.select().from(cluePenalties).where(eq(cluePenalties.signupId, team.id))).toEqual([]);
    const badId = await app.inject({ method: 'DELETE', url: '/api/admin/clues/penalties/abc', headers: { cookie: admin.cookie } });
    expect(badId.statusCode).toBe(400);
  });
});
