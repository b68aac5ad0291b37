import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { openEventStream } from '../../test/event-stream';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { clueAnswers } from '../../db/schema';
import { notifyLive } from '../../services/live-events';
import { STANDINGS_KEEP_MS } from './public-routes';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

const standings = async (headers: Record<string, string> = {}) => app.inject({ url: '/api/clues/standings', headers });
/** What any change does: a standings.changed event, heard here once it reached this instance. */
async function someChange() {
  const stream = await openEventStream(app, '/api/live-events');
  await notifyLive(app.db, { kind: 'standings.changed' });
  await stream.next((e: { kind: string }) => e.kind === 'standings.changed');
  stream.close();
}
const teamOf = async (signupId: number) => (await standings()).json().teams.find((t: { signupId: number }) => t.signupId === signupId);

describe('the public standings kept ready', () => {
  it('are built once and sent with an ETag: a page that has them gets a 304', async () => {
    const first = await standings();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await standings({ 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('are kept until a change: a change made without an event is not shown, the next answer (its event) shows both', async () => {
    const clue = await createClue(app, admin.cookie, clueFields({ points: 30 }));
    const quiet = await teamDriver(app);
    const loud = await teamDriver(app);
    await someChange();
    expect(await teamOf(quiet.team.id)).toMatchObject({ total: 0 });
    // Written straight to the table: no standings.changed, so the kept answer stays.
    await app.db.insert(clueAnswers).values({
      clientId: crypto.randomUUID(),
      fingerprint: 'direct',
      signupId: quiet.team.id,
      clueId: clue.id,
      kind: 'text',
      answerText: 'Mont-Saint-Michel',
      answeredAt: new Date(RALLY_DAY_CLOCK),
      status: 'correct',
      points: 30,
    });
    expect(await teamOf(quiet.team.id)).toMatchObject({ total: 0 });

    const stream = await openEventStream(app, '/api/live-events');
    expect((await post(app, loud.cookie, '/api/my-clues/answers', answer(clue.id))).statusCode).toBe(200);
    // The page refetches when the event arrives: by then the kept answer is gone.
    await stream.next((e: { kind: string }) => e.kind === 'standings.changed');
    stream.close();
    expect(await teamOf(loud.team.id)).toMatchObject({ total: 30 });
    expect(await teamOf(quiet.team.id)).toMatchObject({ total: 30 });
  });

  it('show a clue released since, with no event, once the kept answer is older than its limit', async () => {
    const { team } = await teamDriver(app);
    await someChange();
    const releasedBefore = (await teamOf(team.id)).days.find((d: { day: number }) => d.day === 2).released;
    // Creating a clue sends no event, like a release time passing.
    await createClue(app, admin.cookie, clueFields({ title: 'Released since' }));
    expect((await teamOf(team.id)).days.find((d: { day: number }) => d.day === 2).released).toBe(releasedBefore);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + STANDINGS_KEEP_MS + 1);
    expect((await teamOf(team.id)).days.find((d: { day: number }) => d.day === 2).released).toBe(releasedBefore + 1);
  });

  it('are not told of a wrong answer, which changes no standings', async () => {
    const clue = await createClue(app, admin.cookie);
    const wrong = await teamDriver(app);
    const right = await teamDriver(app);
    const stream = await openEventStream(app, '/api/live-events');
    expect((await post(app, wrong.cookie, '/api/my-clues/answers', answer(clue.id, { text: 'no idea' }))).json().answer.status).toBe(
      'wrong',
    );
    expect((await post(app, right.cookie, '/api/my-clues/answers', answer(clue.id))).statusCode).toBe(200);
    // Events arrive in commit order: once the second answer's is here, the first's would have been.
    await stream.next((e: { kind: string; signupId?: number }) => e.kind === 'standings.changed' && e.signupId === right.team.id);
    expect(stream.text()).not.toContain(`"signupId":${wrong.team.id}`);
    stream.close();
  });
});
