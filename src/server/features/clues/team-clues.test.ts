import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app';
import { openEventStream } from '../../test/event-stream';
import { signUp, signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, myClues, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { auditLog, clueAnswers, clueCheckIns, clueHintTakes, signups } from '../../db/schema';
import { ALREADY_SOLVED, CLIENT_ID_REUSED, PHOTO_PENDING } from '../rally-app/team-acts';
import { DAY_OVER, NOT_RELEASED, tooLate } from '../../services/rally-days';
import { setRallyClock } from '../../test/rally-clock';
import { NOT_ON_A_TEAM } from '../../services/rally-team';
import { ALREADY_DECIDED } from './photo-review';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

const answersOf = (signupId: number) => app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, signupId));

describe('release times', () => {
  it('shows a released clue, and of a clue still to come only when it comes out', async () => {
    const out = await createClue(app, admin.cookie, clueFields({ title: 'Out now' }));
    const secret = 'The secret evening riddle';
    const later = await createClue(app, admin.cookie, clueFields({ title: 'Evening', body: secret, releaseAt: '2026-09-10T18:00:00Z' }));
    const { cookie } = await teamDriver(app);
    const res = await app.inject({ url: '/api/my-clues', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain('Evening');
    expect(res.body).not.toContain('Mont-Saint-Michel'); // accepted answers are never sent
    const rally = res.json();
    expect(rally.today).toEqual({ day: 2, date: '2026-09-10' });
    expect(rally.clues.map((c: { id: number }) => c.id)).toContain(out.id);
    expect(rally.upcoming).toContainEqual({ id: later.id, day: 2, releaseAt: '2026-09-10T18:00:00.000Z' });

    const early = await post(app, cookie, '/api/my-clues/answers', answer(later.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_RELEASED);
  });

  it("refuses an answer made after the clue's day, and takes one made on it without signal within the grace", async () => {
    const yesterday = await createClue(app, admin.cookie, clueFields({ day: 1, releaseAt: '2026-09-09T08:00:00Z' }));
    const { cookie, team } = await teamDriver(app);
    const late = await post(app, cookie, '/api/my-clues/answers', answer(yesterday.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DAY_OVER);
    // Made at 21:00 on day 1 in Paris, sent at 13:00 the next day: past the 12 hours after the day's end.
    const tooLateAnswer = await post(app, cookie, '/api/my-clues/answers', answer(yesterday.id, { madeAt: '2026-09-09T19:00:00Z' }));
    expect([tooLateAnswer.statusCode, tooLateAnswer.json().message]).toEqual([409, tooLate(12)]);
    // The same, sent at 07:00 when the phone found signal.
    setRallyClock(app, '2026-09-10T05:00:00Z');
    try {
      const queued = await post(app, cookie, '/api/my-rally-app/answers', answer(yesterday.id, { madeAt: '2026-09-09T19:00:00Z' }));
      expect(queued.statusCode, queued.body).toBe(200);
      expect(queued.json().answer).toMatchObject({ status: 'correct', points: 50, answeredAt: '2026-09-09T19:00:00.000Z' });
    } finally {
      setRallyClock(app, RALLY_DAY_CLOCK);
    }
    expect(await answersOf(team.id)).toHaveLength(1);
  });
  it("shows yesterday's clues, with the hint charged to them, while what was done on that day may still arrive, and not after", async () => {
    const title = `Yesterday ${randomUUID()}`;
    const clue = await createClue(
      app,
      admin.cookie,
      clueFields({ day: 1, title, releaseAt: '2026-09-09T08:00:00Z', hints: [{ text: 'Look for the abbey', cost: 10 }] }),
    );
    const { cookie } = await teamDriver(app);
    const hintId = clue.hints[0]!.id;
    // 00:30 on day 2 in Paris: a hint taken at 23:50 without signal arrives.
    setRallyClock(app, '2026-09-09T22:30:00Z');
    try {
      const hint = await post(app, cookie, '/api/my-rally-app/hints', {
        clientId: randomUUID(),
        clueId: clue.id,
        hintId,
        madeAt: '2026-09-09T23:50:00+02:00',
      });
      expect(hint.statusCode, hint.body).toBe(200);
      const rally = await myClues(app, cookie);
      expect(rally.today).toEqual({ day: 2, date: '2026-09-10' });
      expect(rally.yesterday).toEqual({ day: 1, date: '2026-09-09', closesAt: '2026-09-10T10:00:00.000Z' });
      const shown = rally.clues.find((c: { id: number }) => c.id === clue.id);
      expect(shown).toMatchObject({ day: 1, hints: [{ taken: true, cost: 10, text: 'Look for the abbey' }] });
      expect(rally.upcoming.every((u: { day: number }) => u.day === 2)).toBe(true);
    } finally {
      setRallyClock(app, RALLY_DAY_CLOCK);
    }
    // 14:00 on day 2: day 1's acts no longer count, and its clues are gone from the app.
    const later = await myClues(app, cookie);
    expect(later.yesterday).toBeNull();
    expect(later.clues.map((c: { id: number }) => c.id)).not.toContain(clue.id);
  });
});

describe('text answers', () => {
  it('ignores case, spaces and accents; a wrong answer is kept, costs nothing, and may be tried again', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie } = await teamDriver(app);
    const wrong = await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: 'Saint Malo' }));
    expect(wrong.json().answer).toMatchObject({ status: 'wrong', points: 0, text: 'Saint Malo' });
    const right = await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { text: '  MONT saint  míchel ' }));
    expect(right.json().answer).toMatchObject({ status: 'correct', points: 50 });
    const rally = await myClues(app, cookie);
    expect(rally.score).toMatchObject({ cluePoints: 50, hintCost: 0, total: 50 });
    const mine = rally.clues.find((c: { id: number }) => c.id === clue.id);
    expect(mine.solved).toBe(true);
    expect(mine.answers.map((a: { status: string }) => a.status)).toEqual(['wrong', 'correct']);

    const again = await post(app, cookie, '/api/my-clues/answers', answer(clue.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SOLVED);
  });

  it('scores a retried clientId once and gives the same result', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    const sent = answer(clue.id, { position: { lat: 48.636, lng: -1.511, accuracy: 12 } });
    const first = await post(app, cookie, '/api/my-clues/answers', sent);
    const retry = await post(app, cookie, '/api/my-clues/answers', sent);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await answersOf(team.id)).toHaveLength(1);
    expect((await myClues(app, cookie)).score.total).toBe(50);
  });

  it('refuses with 409 a clientId sent again with another answer, changing nothing', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    const sent = answer(clue.id, { text: 'not it' });
    await post(app, cookie, '/api/my-clues/answers', sent);
    const reused = await post(app, cookie, '/api/my-clues/answers', { ...sent, text: 'Mont Saint Michel' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(CLIENT_ID_REUSED);
    expect((await answersOf(team.id)).map((a) => a.status)).toEqual(['wrong']);
  });
});

describe('hints', () => {
  it('shows a hint’s text only once taken, and charges its cost once however often it is asked for', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ hints: [{ text: 'Think of monks', cost: 15 }] }));
    const hintId = clue.hints[0]!.id;
    const { cookie, team } = await teamDriver(app);
    const before = await app.inject({ url: '/api/my-clues', headers: { cookie } });
    expect(before.body).not.toContain('Think of monks');
    expect(before.json().clues.find((c: { id: number }) => c.id === clue.id).hints).toEqual([
      { id: hintId, cost: 15, taken: false, text: null },
    ]);

    const take = { clientId: randomUUID(), clueId: clue.id, hintId };
    const first = await post(app, cookie, '/api/my-clues/hints', take);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().hint).toMatchObject({ text: 'Think of monks', cost: 15 });
    expect((await post(app, cookie, '/api/my-clues/hints', take)).json()).toEqual(first.json());
    expect((await post(app, cookie, '/api/my-clues/hints', { ...take, clientId: randomUUID() })).statusCode).toBe(200);
    expect(await app.db.select().from(clueHintTakes).where(eq(clueHintTakes.signupId, team.id))).toHaveLength(1);

    await post(app, cookie, '/api/my-clues/answers', answer(clue.id));
    expect((await myClues(app, cookie)).score).toMatchObject({ cluePoints: 50, hintCost: 15, total: 35 });
  });
});

describe('photo answers', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f4e86' } })
      .png()
      .toBuffer();

  async function uploadPhoto(cookie: string): Promise<string> {
    const ticket = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(ticket.statusCode).toBe(200);
    const url: string = ticket.json().uploadURL;
    const put = await app.inject({ method: 'PUT', url, payload: await png(), headers: { 'content-type': 'image/png' } });
    expect(put.statusCode, put.body).toBe(200);
    return url;
  }

  it('waits for an organiser, who rejects with a reason or approves, each audited and once', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ answerKind: 'photo', acceptedAnswers: [], points: 80 }));
    const { cookie, team } = await teamDriver(app);
    const textInstead = await post(app, cookie, '/api/my-clues/answers', answer(clue.id));
    expect(textInstead.statusCode).toBe(400);

    const sent = answer(clue.id, { text: undefined, photoUploadUrl: await uploadPhoto(cookie) });
    const first = await post(app, cookie, '/api/my-clues/answers', sent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().answer).toMatchObject({ kind: 'photo', status: 'pending', points: 0 });
    expect(first.json().answer.photoUrl).toMatch(/\/uploads\/clue-photos\/.+\.webp$/);
    // The phone's retry, its upload already attached, gets the same result.
    expect((await post(app, cookie, '/api/my-clues/answers', sent)).json()).toEqual(first.json());
    const second = await post(
      app,
      cookie,
      '/api/my-clues/answers',
      answer(clue.id, { text: undefined, photoUploadUrl: await uploadPhoto(cookie) }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PHOTO_PENDING);

    const pending = await app.inject({ url: '/api/admin/clues/photos', headers: { cookie: admin.cookie } });
    const waiting = pending.json().find((p: { signupId: number }) => p.signupId === team.id);
    expect(waiting).toMatchObject({ clueId: clue.id, teamName: team.teamName });

    const noReason = await post(app, admin.cookie, `/api/admin/clues/photos/${waiting.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please give a reason');
    const rejected = await post(app, admin.cookie, `/api/admin/clues/photos/${waiting.id}/reject`, {
      reason: 'The sign is not in the photo',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'clue_photo.reject'));
    expect(audit).toMatchObject({ targetId: String(waiting.id), actorEmail: admin.email });
    const twice = await post(app, admin.cookie, `/api/admin/clues/photos/${waiting.id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_DECIDED);

    const shown = (await myClues(app, cookie)).clues.find((c: { id: number }) => c.id === clue.id);
    expect(shown.answers[0]).toMatchObject({ status: 'rejected', rejectReason: 'The sign is not in the photo' });

    const retaken = await post(
      app,
      cookie,
      '/api/my-clues/answers',
      answer(clue.id, { text: undefined, photoUploadUrl: await uploadPhoto(cookie) }),
    );
    expect(retaken.json().answer.status).toBe('pending');
    const [next] = (await answersOf(team.id)).filter((a) => a.status === 'pending');
    const approved = await post(app, admin.cookie, `/api/admin/clues/photos/${next!.id}/approve`, {});
    expect(approved.json().answer).toMatchObject({ status: 'approved', points: 80 });
    expect((await myClues(app, cookie)).score.cluePoints).toBe(80);
  });
});

describe('check-ins', () => {
  it("marks the place visited only within the clue's radius, and tells the team no distance", async () => {
    // St Malo, radius 200 m; 1e-3 degrees of latitude is about 111 m.
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    const far = await post(app, cookie, '/api/my-clues/check-ins', {
      clientId: randomUUID(),
      clueId: clue.id,
      position: { lat: 48.649 + 0.0025, lng: -2.026, accuracy: 10 },
    });
    expect(far.json()).toEqual({ clientId: expect.any(String), clueId: clue.id, visited: false, result: 'not close enough yet' });
    expect((await myClues(app, cookie)).score.placesVisited).toBe(0);
    const near = { clientId: randomUUID(), clueId: clue.id, position: { lat: 48.649 + 0.0015, lng: -2.026, accuracy: 10 } };
    const inside = await post(app, cookie, '/api/my-clues/check-ins', near);
    expect(inside.json().visited).toBe(true);
    expect((await post(app, cookie, '/api/my-clues/check-ins', near)).json()).toEqual(inside.json());
    const moved = await post(app, cookie, '/api/my-clues/check-ins', { ...near, position: { lat: 48.7, lng: -2.026 } });
    expect(moved.statusCode).toBe(409);
    expect(await app.db.select().from(clueCheckIns).where(eq(clueCheckIns.signupId, team.id))).toHaveLength(2);
    const rally = await myClues(app, cookie);
    expect(rally.score.placesVisited).toBe(1);
    expect(rally.clues.find((c: { id: number }) => c.id === clue.id).visited).toBe(true);
  });
});

describe('each team alone', () => {
  it('never shows a team another team’s answers, nor lets it answer under their clientId', async () => {
    const clue = await createClue(app, admin.cookie);
    const a = await teamDriver(app);
    const b = await teamDriver(app);
    const theirs = answer(clue.id, { text: 'Team A secret guess' });
    await post(app, a.cookie, '/api/my-clues/answers', theirs);
    const seen = await app.inject({ url: '/api/my-clues', headers: { cookie: b.cookie } });
    expect(seen.body).not.toContain('Team A secret guess');
    expect(seen.json().clues.find((c: { id: number }) => c.id === clue.id).answers).toEqual([]);
    const hijack = await post(app, b.cookie, '/api/my-clues/answers', theirs);
    expect(hijack.statusCode).toBe(409);
    expect(hijack.body).not.toContain('Team A secret guess');
    expect(await answersOf(b.team.id)).toEqual([]);
  });

  it('lets a co-driver act only once they accepted the invitation', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie: driverCookie, team } = await teamDriver(app);
    const coDriver = await signUp(app);
    await app.db.update(signups).set({ coDriverEmail: coDriver.email }).where(eq(signups.id, team.id));
    const refused = await app.inject({ url: '/api/my-clues', headers: { cookie: coDriver.cookie } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(NOT_ON_A_TEAM);
    const act = await post(app, coDriver.cookie, '/api/my-clues/answers', answer(clue.id));
    expect(act.statusCode).toBe(404);
    expect(await answersOf(team.id)).toEqual([]);

    await app.db.update(signups).set({ coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() }).where(eq(signups.id, team.id));
    expect((await post(app, coDriver.cookie, '/api/my-clues/answers', answer(clue.id))).json().answer.status).toBe('correct');
    expect((await myClues(app, driverCookie)).score.total).toBe(50);
  });

  it('gives someone with no team this year a 404 that says so', async () => {
    const { cookie } = await signUp(app);
    const res = await app.inject({ url: '/api/my-clues', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_ON_A_TEAM);
  });
});

describe('bad input', () => {
  it('is a 400 with a clear message and changes nothing', async () => {
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    const cases: [object, string][] = [
      [{ ...answer(clue.id), clientId: 'not-a-uuid' }, 'clientId must be a UUID'],
      [answer(clue.id, { photoUploadUrl: '/api/uploads/x' }), 'Send either text or photoUploadUrl'],
      [answer(clue.id, { position: { lat: 123, lng: 0 } }), 'Latitude must be between -90 and 90'],
      [answer(clue.id, { answeredAt: 'yesterday' }), 'answeredAt must be a date and time'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(app, cookie, '/api/my-clues/answers', payload);
      expect([res.statusCode, res.body]).toEqual([400, expect.stringContaining(message)]);
    }
    const hint = await post(app, cookie, '/api/my-clues/hints', { clientId: randomUUID(), clueId: clue.id });
    expect(hint.statusCode).toBe(400);
    expect(await answersOf(team.id)).toEqual([]);
  });
});

describe('standings', () => {
  it('tell open live pages, within a second, that a team answered, took a hint or checked in', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ hints: [{ text: 'Look up', cost: 5 }] }));
    const { cookie, team } = await teamDriver(app);
    const stream = await openEventStream(app, '/api/live-events');
    try {
      const heard = (signupId: number) =>
        stream.next((e: { kind: string; signupId?: number }) => e.kind === 'standings.changed' && e.signupId === signupId, 1000);
      const answered = heard(team.id);
      expect((await post(app, cookie, '/api/my-clues/answers', answer(clue.id))).statusCode).toBe(200);
      await answered;
      const hintId = clue.hints[0]!.id;
      const other = await teamDriver(app);
      const hinted = heard(other.team.id);
      expect((await post(app, other.cookie, '/api/my-clues/hints', { clientId: randomUUID(), clueId: clue.id, hintId })).statusCode).toBe(
        200,
      );
      await hinted;
      const third = await teamDriver(app);
      const visited = heard(third.team.id);
      const [lng, lat] = clueFields().place.coordinates;
      const atThePlace = { lat, lng, accuracy: 10 };
      expect(
        (await post(app, third.cookie, '/api/my-clues/check-ins', { clientId: randomUUID(), clueId: clue.id, position: atThePlace }))
          .statusCode,
      ).toBe(200);
      await visited;
    } finally {
      stream.close();
    }
  });

  it('ranks by total, then by the site’s receipt of the last scoring answer (an earlier phone time does not help); the public list carries no private field', async () => {
    const standingsApp = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
    try {
      const organiser = await signUpAdmin(standingsApp);
      const clue = await createClue(standingsApp, organiser.cookie);
      const early = await teamDriver(standingsApp, 'Early Birds');
      const late = await teamDriver(standingsApp, 'Late Risers');
      const none = await teamDriver(standingsApp, 'Still Looking');
      // The first to reach the site claims the later phone time; the second dates its answer an hour earlier.
      await post(standingsApp, early.cookie, '/api/my-clues/answers', answer(clue.id, { answeredAt: '2026-09-10T11:00:00Z' }));
      await post(standingsApp, late.cookie, '/api/my-clues/answers', answer(clue.id, { answeredAt: '2026-09-10T10:00:00Z' }));
      await post(standingsApp, none.cookie, '/api/my-clues/answers', answer(clue.id, { text: 'no idea' }));

      const res = await standingsApp.inject({ url: '/api/clues/standings' });
      expect(res.statusCode).toBe(200);
      const { teams } = res.json();
      expect(teams.map((t: { rank: number; teamName: string; total: number }) => [t.rank, t.teamName, t.total])).toEqual([
        [1, 'Early Birds', 50],
        [2, 'Late Risers', 50],
        [3, 'Still Looking', 0],
      ]);
      expect(teams[0].days).toContainEqual({ day: 2, answered: 1, released: 1 });
      expect(Object.keys(teams[0]).sort()).toEqual([
        'cluePoints',
        'days',
        'hintCost',
        'penalties',
        'placesVisited',
        'rank',
        'signupId',
        'teamName',
        'total',
      ]);
      expect(res.body).not.toContain('no idea');

      const full = await standingsApp.inject({ url: '/api/admin/clues/standings', headers: { cookie: organiser.cookie } });
      expect(full.json().teams[0]).toMatchObject({ teamName: 'Early Birds', lastScoredAt: expect.any(String), pendingPhotos: 0 });
    } finally {
      await standingsApp.close();
    }
  });
});
