import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { answer, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { clueAnswers, clueCheckIns } from '../../db/schema';
import { purgeSensitiveData } from '../privacy/retention';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
});
afterAll(() => app.close());

describe("the hunt's positions", () => {
  it("are erased with the season's other sensitive data; the verdicts stay", async () => {
    const admin = await signUpAdmin(app);
    const clue = await createClue(app, admin.cookie);
    const { cookie, team } = await teamDriver(app);
    const position = { lat: 48.649, lng: -2.026, accuracy: 8 };
    await post(app, cookie, '/api/my-clues/answers', answer(clue.id, { position }));
    await post(app, cookie, '/api/my-clues/check-ins', { clientId: randomUUID(), clueId: clue.id, position });

    await purgeSensitiveData(app.db, { now: new Date('2026-09-20T00:00:00Z'), retentionDays: 30 });
    expect((await app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, team.id)))[0]).toMatchObject({ latitude: 48.649 });

    await purgeSensitiveData(app.db, { now: new Date('2027-01-01T00:00:00Z'), retentionDays: 30 });
    const [kept] = await app.db.select().from(clueAnswers).where(eq(clueAnswers.signupId, team.id));
    expect(kept).toMatchObject({ latitude: null, longitude: null, accuracyMetres: null, fingerprint: '', status: 'correct', points: 50 });
    const [visit] = await app.db.select().from(clueCheckIns).where(eq(clueCheckIns.signupId, team.id));
    expect(visit).toMatchObject({ latitude: null, longitude: null, within: true });
  });
});
