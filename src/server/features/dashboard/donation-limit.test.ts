import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { donations, rateLimits } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { TEAM_DONATIONS_LIMIT_MESSAGE, TEAM_DONATIONS_PER_DAY } from './donation-limits';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A signed-in driver with a registration of their own. */
async function rallier() {
  const { user, cookie } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    payload: teamInput({ driverEmail: user.email }),
    headers: { cookie },
  });
  return { cookie, signupId: res.json().id as number };
}

const record = (cookie: string, payload: object) => app.inject({ method: 'POST', url: '/api/my-donations', headers: { cookie }, payload });

const teamLines = (signupId: number) =>
  app.db
    .select()
    .from(donations)
    .where(and(eq(donations.signupId, signupId), eq(donations.source, 'participant')));

describe('donations a team records', () => {
  it('are stored unverified, whatever the body says, until an organiser verifies them', async () => {
    const { cookie, signupId } = await rallier();
    const res = await record(cookie, {
      amount: 1250,
      donorName: 'Aunt May',
      paymentMethod: 'cash',
      state: 'verified',
      source: 'organiser',
    });
    expect(res.statusCode).toBe(201);
    expect(await teamLines(signupId)).toMatchObject([{ amount: 1250, state: 'reported', source: 'participant' }]);
  });

  it(`stop at ${TEAM_DONATIONS_PER_DAY} a day per team with a 429 that says why, and nothing past the limit is recorded`, async () => {
    const { cookie, signupId } = await rallier();
    for (let i = 0; i < TEAM_DONATIONS_PER_DAY; i++) expect((await record(cookie, { amount: 100 + i })).statusCode).toBe(201);
    const over = await record(cookie, { amount: 999 });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TEAM_DONATIONS_LIMIT_MESSAGE);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60 * 60);
    const lines = await teamLines(signupId);
    expect(lines).toHaveLength(TEAM_DONATIONS_PER_DAY);
    expect(lines.map((l) => l.amount)).not.toContain(999);

    // The limit is the team's: another team records as usual.
    const other = await rallier();
    expect((await record(other.cookie, { amount: 500 })).statusCode).toBe(201);
  });

  it('start again the next day', async () => {
    const { cookie, signupId } = await rallier();
    // A day has passed since the team's first donation of the last window.
    await app.db
      .insert(rateLimits)
      .values({ key: `team-donations:${signupId}`, count: TEAM_DONATIONS_PER_DAY, resetAt: new Date(Date.now() - 1000) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: TEAM_DONATIONS_PER_DAY, resetAt: new Date(Date.now() - 1000) } });
    expect((await record(cookie, { amount: 700 })).statusCode).toBe(201);
    expect(await teamLines(signupId)).toHaveLength(1);
  });
});
