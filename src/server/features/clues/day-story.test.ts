import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { setRallyClock } from '../../test/rally-clock';
import type { DayStory } from '../../../common/schemas/clues';
import { teamUpdates } from '../../db/schema';

let app: TestApp;
const story = async () => {
  const res = await app.inject({ url: '/api/clues/2026/story' });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, story: res.json() as DayStory };
};

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  const admin = await signUpAdmin(app);
  const harbour = await createClue(
    app,
    admin.cookie,
    clueFields({ day: 1, title: 'The harbour', releaseAt: '2026-09-09T09:00:00Z', acceptedAnswers: ['Gorey'], points: 40 }),
  );
  await createClue(
    app,
    admin.cookie,
    clueFields({
      day: 2,
      title: 'The lighthouse',
      place: { name: 'Cap Fréhel', coordinates: [-2.3187, 48.6843] },
      acceptedAnswers: ['Frehel'],
    }),
  );
  const abbey = await createClue(app, admin.cookie, clueFields({ day: 2, title: 'The walled city' }));
  const finale = await createClue(
    app,
    admin.cookie,
    clueFields({ day: 4, title: 'The finale', releaseAt: '2026-09-12T09:00:00Z', acceptedAnswers: ['Home'] }),
  );
  const early = await teamDriver(app, 'Early Birds');
  const late = await teamDriver(app, 'Late Risers');
  // Day 1's answers arrive early on day 2 from phones that had no signal: they count. Early Birds'
  // reaches the site first, and is first, though Late Risers' phone dates its own an hour earlier.
  setRallyClock(app, '2026-09-10T05:00:00Z');
  await post(app, early.cookie, '/api/my-clues/answers', answer(harbour.id, { text: 'Gorey', answeredAt: '2026-09-09T15:00:00Z' }));
  await post(app, late.cookie, '/api/my-clues/answers', answer(harbour.id, { text: 'Gorey', answeredAt: '2026-09-09T14:00:00Z' }));
  setRallyClock(app, RALLY_DAY_CLOCK);
  await post(app, early.cookie, '/api/my-clues/answers', answer(abbey.id));
  // Early Birds solved day 1's clue first, but a penalty for that day puts Late Risers ahead of them.
  const penalty = await post(app, admin.cookie, '/api/admin/clues/penalties', {
    signupId: early.team.id,
    points: 5,
    reason: 'Parked on the slip',
    day: 1,
  });
  expect(penalty.statusCode, penalty.body).toBe(201);
  // Updates from the road on day 2 (written as posted then): the hidden one stays out of the story.
  await app.db.insert(teamUpdates).values([
    {
      signupId: early.team.id,
      authorUserId: early.user.id,
      clientId: randomUUID(),
      body: 'Ferry was calm',
      createdAt: new Date('2026-09-10T10:00:00Z'),
    },
    {
      signupId: late.team.id,
      authorUserId: late.user.id,
      clientId: randomUUID(),
      body: 'Our number plate',
      createdAt: new Date('2026-09-10T11:00:00Z'),
      hiddenAt: new Date('2026-09-10T12:00:00Z'),
      hiddenReason: 'A number plate shows',
    },
  ]);
  setRallyClock(app, '2026-09-12T12:00:00Z');
  await post(app, late.cookie, '/api/my-clues/answers', answer(finale.id, { text: 'Home', answeredAt: '2026-09-12T12:00:00Z' }));
});
afterAll(() => app.close());

describe("the hunt's day-by-day story", () => {
  it('tells nothing before the rally’s last day is over', async () => {
    setRallyClock(app, '2026-09-12T21:30:00Z'); // 23:30 in Paris on the last day
    const { body, story: told } = await story();
    expect(told).toEqual({ year: 2026, opensOn: '2026-09-13', open: false, days: [], comingDays: [] });
    expect(body).not.toContain('harbour');
    expect(body).not.toContain('Ferry was calm');
  });

  it('then lists each day whose answers are all in: its clues with answers, solved counts, first solver, leaders and the updates posted that day', async () => {
    setRallyClock(app, '2026-09-13T08:00:00Z'); // 10:00 in Paris the day after
    const { body, story: told } = await story();
    expect(told.open).toBe(true);
    expect(told.days.map((d) => [d.day, d.date])).toEqual([
      [1, '2026-09-09'],
      [2, '2026-09-10'],
    ]);
    const [dayOne, dayTwo] = told.days;
    expect(dayOne!.clues).toEqual([
      expect.objectContaining({ title: 'The harbour', placeName: 'St Malo', points: 40, acceptedAnswers: ['Gorey'], solvedBy: 2 }),
    ]);
    expect(dayOne!.clues[0]!.firstSolver).toMatchObject({ teamName: 'Early Birds' });
    expect(dayOne!.leaders).toEqual([expect.objectContaining({ teamName: 'Late Risers', points: 40 })]);
    expect(dayTwo!.clues.map((c) => [c.title, c.solvedBy, c.firstSolver?.teamName ?? null])).toEqual([
      ['The lighthouse', 0, null],
      ['The walled city', 1, 'Early Birds'],
    ]);
    expect(dayTwo!.leaders).toEqual([expect.objectContaining({ teamName: 'Early Birds', points: 50 })]);
    expect(dayOne!.updates).toEqual([]);
    expect(dayTwo!.updates).toEqual([expect.objectContaining({ teamName: 'Early Birds', body: 'Ferry was calm', photoUrl: null })]);
    expect(body).not.toContain('Our number plate');
    // The last day can still get answers made without signal for 12 hours (actGraceHours) after it ends.
    expect(told.comingDays).toEqual([{ day: 4, date: '2026-09-12', showsOn: '2026-09-13' }]);
    expect(body).not.toContain('The finale');
    expect(body).not.toContain('48.6843');
  });

  it('adds the last day once its late answers can no longer arrive', async () => {
    setRallyClock(app, '2026-09-14T08:00:00Z');
    const { story: told } = await story();
    expect(told.days.map((d) => d.day)).toEqual([1, 2, 4]);
    expect(told.days[2]!.clues[0]).toMatchObject({ title: 'The finale', solvedBy: 1, firstSolver: { teamName: 'Late Risers' } });
    expect(told.comingDays).toEqual([]);
  });

  it('is empty for a year without a rally', async () => {
    const res = await app.inject({ url: '/api/clues/2019/story' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ open: false, days: [] });
  });
});
