import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { setRallyClock } from '../../test/rally-clock';
import { auditLog, clueAnswers, clues, historicParticipants, teamResults } from '../../db/schema';
import type { HuntResults, YearResults } from '../../../common/schemas/results';
import { huntNotOver } from './hunt-fill';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
const team: Record<'aces' | 'bay' | 'cats' | 'dune', { id: number }> = {} as never;
const YEAR = 2026;

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
  const abbey = await createClue(app, admin.cookie);
  const bridge = await createClue(app, admin.cookie, clueFields({ title: 'The bridge', points: 30, acceptedAnswers: ['Dinan'] }));
  const drivers = {
    aces: await teamDriver(app, 'Alpine Aces'),
    bay: await teamDriver(app, 'Bouley Bay'),
    cats: await teamDriver(app, 'Catalan Cats'),
    dune: await teamDriver(app, 'Dune Buggies'),
  };
  for (const [key, d] of Object.entries(drivers)) team[key as keyof typeof team] = d.team;
  // Aces: 80 less a 10 point penalty; Bay and Cats level on points, Bay's answer received first; Dune nothing.
  await post(app, drivers.aces.cookie, '/api/my-clues/answers', answer(abbey.id, { answeredAt: '2026-09-10T09:30:00Z' }));
  await post(app, drivers.aces.cookie, '/api/my-clues/answers', answer(bridge.id, { text: 'Dinan', answeredAt: '2026-09-10T09:40:00Z' }));
  await post(app, drivers.bay.cookie, '/api/my-clues/answers', answer(abbey.id, { answeredAt: '2026-09-10T10:00:00Z' }));
  await post(app, drivers.cats.cookie, '/api/my-clues/answers', answer(abbey.id, { answeredAt: '2026-09-10T10:00:00Z' }));
  const penalty = await post(app, admin.cookie, '/api/admin/clues/penalties', { signupId: team.aces.id, points: 10, reason: 'Speeding' });
  expect(penalty.statusCode, penalty.body).toBe(201);
});
afterAll(() => app.close());

const asOrganiser = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
const fill = (replace?: boolean) => asOrganiser('POST', `/api/admin/results/${YEAR}/hunt`, replace === undefined ? {} : { replace });
const stored = async () => {
  const rows = await app.db.select().from(teamResults).where(eq(teamResults.rallyYear, YEAR));
  return Object.fromEntries(
    Object.entries(team).map(([key, t]) => {
      const r = rows.find((row) => row.signupId === t.id);
      return [key, r ? [r.rank, r.carNumber, r.score] : null];
    }),
  );
};

describe('results from the treasure hunt', () => {
  it('count the photo answers still waiting for a decision', async () => {
    const before = (await asOrganiser('GET', `/api/admin/results/${YEAR}/hunt`)).json() as HuntResults;
    expect(before.photosWaiting).toBe(0);
    const [clue] = await app.db.select({ id: clues.id }).from(clues).limit(1);
    const [waiting] = await app.db
      .insert(clueAnswers)
      .values({
        clientId: randomUUID(),
        fingerprint: 'waiting-photo',
        signupId: team.dune.id,
        clueId: clue!.id,
        kind: 'photo',
        photoUrl: '/uploads/x.webp',
        answeredAt: new Date(),
        status: 'pending',
      })
      .returning();
    expect(((await asOrganiser('GET', `/api/admin/results/${YEAR}/hunt`)).json() as HuntResults).photosWaiting).toBe(1);
    await app.db.delete(clueAnswers).where(eq(clueAnswers.id, waiting!.id));
  });

  it('are refused before the rally’s last day is over, saying when they can be filled', async () => {
    setRallyClock(app, '2026-09-12T21:30:00Z'); // 23:30 in Paris on the last day
    const preview = (await asOrganiser('GET', `/api/admin/results/${YEAR}/hunt`)).json() as HuntResults;
    expect(preview).toMatchObject({ open: false, opensOn: '2026-09-13', hasClues: true });
    const res = await fill();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(huntNotOver(YEAR, '2026-09-13'));
    expect(await app.db.select().from(teamResults)).toEqual([]);
  });

  it('set each team’s rank and score from the final standings, level teams in the standings’ order', async () => {
    setRallyClock(app, '2026-09-12T22:30:00Z'); // 00:30 on 13 September in Paris
    const preview = (await asOrganiser('GET', `/api/admin/results/${YEAR}/hunt`)).json() as HuntResults;
    expect(preview.open).toBe(true);
    expect(preview.teams.map((t) => [t.teamName, t.rank, t.score])).toEqual([
      ['Alpine Aces', 1, 70],
      ['Bouley Bay', 2, 50],
      ['Catalan Cats', 3, 50],
      ['Dune Buggies', 4, 0],
    ]);
    const res = await fill();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Filled the ranks and scores of 4 teams from the treasure hunt.');
    expect(await stored()).toEqual({ aces: [1, null, 70], bay: [2, null, 50], cats: [3, null, 50], dune: [4, null, 0] });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'results.fill_from_hunt')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ actorEmail: admin.email, targetType: 'rally', targetId: String(YEAR), details: { replaced: 0 } });
  });

  it('keep car numbers, and overwrite a result typed by hand only when the organiser confirms', async () => {
    const typed = await asOrganiser('PUT', `/api/admin/results/${YEAR}`, {
      results: [
        { signupId: team.aces.id, rank: 1, carNumber: 7, score: 70 },
        { signupId: team.bay.id, rank: 2, carNumber: 8, score: 99 },
      ],
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const asked = await fill();
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('1 team already has a result that the treasure hunt would change: confirm to replace it.');
    expect((await stored()).bay).toEqual([2, 8, 99]);

    const confirmed = await fill(true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toContain('(1 earlier result replaced)');
    expect(await stored()).toEqual({ aces: [1, 7, 70], bay: [2, 8, 50], cats: [3, null, 50], dune: [4, null, 0] });
  });

  it('then "Publish results" copies them into the rally history', async () => {
    const res = await asOrganiser('POST', `/api/admin/results/${YEAR}/publish`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().winner).toMatchObject({ teamName: 'Alpine Aces' });
    const published = await app.db
      .select({ signupId: historicParticipants.signupId, rank: historicParticipants.rank, carNumber: historicParticipants.carNumber })
      .from(historicParticipants)
      .where(inArray(historicParticipants.signupId, [team.aces.id, team.cats.id]));
    expect(published).toEqual(
      expect.arrayContaining([
        { signupId: team.aces.id, rank: 1, carNumber: 7 },
        { signupId: team.cats.id, rank: 3, carNumber: null },
      ]),
    );
    expect(((await asOrganiser('GET', `/api/admin/results/${YEAR}`)).json() as YearResults).publishedTeams).toBe(4);
  });

  it('are for organisers only', async () => {
    const { cookie } = await teamDriver(app);
    const res = await post(app, cookie, `/api/admin/results/${YEAR}/hunt`, {});
    expect(res.statusCode).toBe(403);
  });
});
