import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { clueAnswers } from '../../db/schema';
import { changeSettings } from '../../test/settings';
import { GUESS_WINDOW_MS, TOO_MANY_IN_ALL, TOO_MANY_ON_CLUE, WRONG_ACROSS_CLUES, WRONG_PER_CLUE } from './guess-limits';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

const yearClue = () => createClue(app, admin, clueFields({ title: 'When', acceptedAnswers: ['1743'] }));

describe('answers cannot be guessed', () => {
  it('the years 1700 onwards: the sixth wrong answer to a clue in ten minutes gets 429 with the cool-down’s end, even the right one', async () => {
    const clue = await yearClue();
    const { cookie, team } = await teamDriver(app);
    for (let year = 1700; year < 1700 + WRONG_PER_CLUE; year++) {
      const res = await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: String(year) }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().answer.status).toBe('wrong');
    }
    const [first] = await app.db
      .select({ receivedAt: clueAnswers.receivedAt })
      .from(clueAnswers)
      .where(eq(clueAnswers.signupId, team.id))
      .orderBy(clueAnswers.receivedAt)
      .limit(1);
    const refused = await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: '1743' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(new RegExp(`^${TOO_MANY_ON_CLUE} You can try again at \\d\\d:\\d\\d \\(Paris time\\)\\.$`));
    expect(refused.json().retryAt).toBe(new Date(first!.receivedAt.getTime() + GUESS_WINDOW_MS).toISOString());
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(GUESS_WINDOW_MS / 1000 - 60);
    expect(await app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, team.id))).toHaveLength(WRONG_PER_CLUE);

    // Another clue is still open to the team.
    const other = await createClue(app, admin, clueFields());
    expect((await post(app, cookie, '/api/my-clues/answers', answer(other.id))).json().answer.status).toBe('correct');

    // Once the oldest wrong answer is ten minutes old, the team may answer again.
    await app.db
      .update(clueAnswers)
      .set({ receivedAt: new Date(Date.now() - GUESS_WINDOW_MS - 1000) })
      .where(and(eq(clueAnswers.signupId, team.id), eq(clueAnswers.answerText, '1700')));
    const again = await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: '1743' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().answer.status).toBe('correct');
  });

  it('a retry of the same wrong answer counts once', async () => {
    const clue = await yearClue();
    const { cookie } = await teamDriver(app);
    const same = answer(clue.id, { text: '1800' });
    for (let i = 0; i < WRONG_PER_CLUE + 2; i++) expect((await post(app, cookie, '/api/my-clues/answers', same)).statusCode).toBe(200);
  });

  it('across clues: past the team’s limit of wrong answers in ten minutes, every text clue waits', async () => {
    const clues = [];
    for (let i = 0; i < Math.ceil(WRONG_ACROSS_CLUES / (WRONG_PER_CLUE - 1)) + 1; i++) clues.push(await yearClue());
    const { cookie } = await teamDriver(app);
    let sent = 0;
    for (const clue of clues.slice(0, -1))
      for (let i = 0; i < WRONG_PER_CLUE - 1 && sent < WRONG_ACROSS_CLUES; i++, sent++)
        expect((await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: `wrong ${sent}` }))).statusCode).toBe(200);
    const refused = await post(app, cookie, '/api/my-clues/answers', answer(clues.at(-1)!.id, { text: '1743' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(new RegExp(`^${TOO_MANY_IN_ALL} You can try again at \\d\\d:\\d\\d \\(Paris time\\)\\.$`));
    expect(Date.parse(refused.json().retryAt)).toBeGreaterThan(Date.now());
  });

  it('wrong answers cost nothing by default; with a cost set, the standings and the team’s score agree on it', async () => {
    const clue = await yearClue();
    const { cookie, team } = await teamDriver(app);
    for (const text of ['1701', '1702']) await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text }));
    await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: '1743' }));
    const adminLine = async () =>
      (await app.inject({ url: '/api/admin/clues/standings', headers: { cookie: admin } }))
        .json()
        .teams.find((t: { signupId: number }) => t.signupId === team.id);
    const score = async () => (await app.inject({ url: '/api/my-clues', headers: { cookie } })).json().score;
    expect(await adminLine()).toMatchObject({ cluePoints: 50, penalties: 0, total: 50 });
    expect((await score()).penaltyList).toEqual([]);

    expect((await changeSettings(app, admin, { wrongAnswerPenaltyPoints: 3 })).statusCode).toBe(200);
    expect(await adminLine()).toMatchObject({ cluePoints: 50, penalties: 6, total: 44 });
    const mine = await score();
    expect(mine).toMatchObject({ cluePoints: 50, penalties: 6, total: 44 });
    expect(mine.penaltyList).toContainEqual({ points: 6, reason: '2 wrong answers at 3 points each', day: null });
    await changeSettings(app, admin, { wrongAnswerPenaltyPoints: 0 });
  });
});
