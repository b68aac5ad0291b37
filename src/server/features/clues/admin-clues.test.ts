import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditRow } from '../../test/rows';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { clues } from '../../db/schema';
import { CLUE_ANSWERED, HINT_TAKEN } from './clue-records';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

const lastAudit = () => lastAuditRow(app.db);
const send = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

describe('organisers keep the clues', () => {
  it('lists every rally day with its date, each clue with whether it is released', async () => {
    const released = await createClue(app, admin.cookie, clueFields({ title: 'Morning clue' }));
    const later = await createClue(app, admin.cookie, clueFields({ title: 'Evening clue', releaseAt: '2026-09-10T18:00:00Z' }));
    const res = await app.inject({ url: '/api/admin/clues', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.days.map((d: { day: number; date: string }) => [d.day, d.date])).toEqual([
      [1, '2026-09-09'],
      [2, '2026-09-10'],
      [3, '2026-09-11'],
      [4, '2026-09-12'],
    ]);
    const dayTwo = list.days[1].clues.map((c: { id: number; released: boolean }) => [c.id, c.released]);
    expect(dayTwo).toEqual(
      expect.arrayContaining([
        [released.id, true],
        [later.id, false],
      ]),
    );
  });

  it('audits a new clue with what was saved', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ title: 'Audited' }));
    expect(await lastAudit()).toMatchObject({
      action: 'clue.create',
      targetType: 'clue',
      targetId: String(clue.id),
      actorEmail: admin.email,
    });
  });

  it('keeps a hint’s id across an edit and gives a new hint its own', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ hints: [{ text: 'Think tides', cost: 10 }] }));
    const kept = clue.hints[0]!;
    const res = await send(
      'PUT',
      `/api/admin/clues/${clue.id}`,
      clueFields({
        title: 'Edited',
        hints: [
          { id: kept.id, text: 'Think tides and monks', cost: 15 },
          { text: 'Normandy', cost: 20 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const hints = res.json().hints;
    expect(hints[0]).toEqual({ id: kept.id, text: 'Think tides and monks', cost: 15 });
    expect(hints[1].id).not.toBe(kept.id);
    expect(await lastAudit()).toMatchObject({ action: 'clue.update', targetId: String(clue.id) });
  });

  it('refuses a day outside the rally and a text clue without answers, storing nothing', async () => {
    const before = (await app.db.select().from(clues)).length;
    const farDay = await post(app, admin.cookie, '/api/admin/clues', clueFields({ day: 9 }));
    expect(farDay.statusCode).toBe(400);
    expect(farDay.json().message).toContain('choose a day from 1 to 4');
    const noAnswers = await post(app, admin.cookie, '/api/admin/clues', clueFields({ acceptedAnswers: [] }));
    expect(noAnswers.statusCode).toBe(400);
    expect(noAnswers.body).toContain('A text clue needs at least one accepted answer');
    expect((await app.db.select().from(clues)).length).toBe(before);
  });

  it('deletes an unanswered clue (audited), but not one a team has answered', async () => {
    const unused = await createClue(app, admin.cookie);
    const res = await send('DELETE', `/api/admin/clues/${unused.id}`);
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(clues).where(eq(clues.id, unused.id))).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'clue.delete', targetId: String(unused.id) });

    const answered = await createClue(app, admin.cookie);
    const { cookie } = await teamDriver(app);
    expect((await post(app, cookie, '/api/my-clues/answers', answer(answered.id, { text: 'wrong guess' }))).statusCode).toBe(200);
    const refused = await send('DELETE', `/api/admin/clues/${answered.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLUE_ANSWERED);
  });

  it('will not remove a hint a team has taken', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ hints: [{ text: 'Tides', cost: 5 }] }));
    const { cookie } = await teamDriver(app);
    const take = await post(app, cookie, '/api/my-clues/hints', {
      clientId: crypto.randomUUID(),
      clueId: clue.id,
      hintId: clue.hints[0]!.id,
    });
    expect(take.statusCode, take.body).toBe(200);
    const res = await send('PUT', `/api/admin/clues/${clue.id}`, clueFields({ hints: [] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HINT_TAKEN);
    const [stored] = await app.db.select().from(clues).where(eq(clues.id, clue.id));
    expect(stored!.hints).toHaveLength(1);
  });
});
