import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { donations, signups } from '../../db/schema';
import { insertTeam } from '../../test/factories';
import { defaultTeamTarget } from '../../../common/fundraising';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let rally: RallySettings;
beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
});
afterAll(() => app.close());

async function team() {
  const { user, cookie } = await signUp(app);
  const signup = await insertTeam(app.db, { userId: user.id });
  return { cookie, signup };
}
const patch = (cookie: string, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/my-dashboard/team/fundraising', headers: { cookie }, payload });
const entryOf = async (id: number) => (await app.inject('/api/leaderboard')).json().find((e: { signupId: number }) => e.signupId === id);

describe('a team target and story', () => {
  it('starts at the rally minimum everywhere', async () => {
    const { signup } = await team();
    expect((await entryOf(signup.id)).target).toBe(defaultTeamTarget(rally));
    expect((await app.inject(`/api/public/signup/${signup.id}`)).json()).toMatchObject({
      target: defaultTeamTarget(rally),
      story: null,
      donationTotal: 0,
    });
  });

  it('lets a team raise its target and tell its story, shown on the public answers', async () => {
    const { cookie, signup } = await team();
    const res = await patch(cookie, { fundraisingTarget: 250_000, story: '  We drive for the hospice.\r\nEvery mile counts!  ' });
    expect(res.statusCode).toBe(200);
    expect((await entryOf(signup.id)).target).toBe(250_000);
    await app.db.insert(donations).values({ signupId: signup.id, amount: 4_000, paymentMethod: 'cash' });
    expect((await app.inject(`/api/public/signup/${signup.id}`)).json()).toMatchObject({
      target: 250_000,
      story: 'We drive for the hospice.\nEvery mile counts!',
      donationTotal: 4_000,
      donationCount: 1,
    });
  });

  it('refuses a target below the minimum, an overlong story or an unknown field, changing nothing', async () => {
    const { cookie, signup } = await team();
    const low = await patch(cookie, { fundraisingTarget: defaultTeamTarget(rally) - 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe("The target can't be below the rally minimum of £1,000.00");
    expect((await patch(cookie, { story: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await patch(cookie, { story: 'a\u0000b' })).statusCode).toBe(400);
    expect((await patch(cookie, { teamName: 'Sneaky' })).statusCode).toBe(400);
    const [row] = await app.db.select().from(signups).where(eq(signups.id, signup.id));
    expect(row).toMatchObject({ fundraisingTarget: null, story: null, teamName: signup.teamName });
  });

  it('needs a signed-in team', async () => {
    expect((await app.inject({ method: 'PATCH', url: '/api/my-dashboard/team/fundraising', payload: { story: 'x' } })).statusCode).toBe(
      401,
    );
    const { cookie } = await signUp(app);
    expect((await patch(cookie, { story: 'x' })).statusCode).toBe(404);
  });
});

describe('the supporters wall', () => {
  it('lists the latest 20 donations, anonymous ones as Anonymous, and never a donor e-mail', async () => {
    const signup = await insertTeam(app.db);
    const base = Date.parse('2026-04-01T12:00:00Z');
    await app.db.insert(donations).values(
      Array.from({ length: 22 }, (_, i) => ({
        signupId: signup.id,
        amount: 100 + i,
        paymentMethod: 'cash' as const,
        donorName: `Donor ${i}`,
        donorEmail: `donor${i}@private.example`,
        isAnonymous: i === 21,
        message: i === 20 ? 'Go team!' : null,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const res = await app.inject(`/api/public/signup/${signup.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@private.example');
    const { supporters, donationTotal } = res.json();
    expect(supporters).toHaveLength(20);
    expect(supporters[0]).toEqual({ name: 'Anonymous', amount: 121, message: null, createdAt: new Date(base + 21 * 60_000).toISOString() });
    expect(supporters[1]).toMatchObject({ name: 'Donor 20', amount: 120, message: 'Go team!' });
    expect(supporters[19].name).toBe('Donor 2');
    expect(donationTotal).toBe(Array.from({ length: 22 }, (_, i) => 100 + i).reduce((a, b) => a + b));
    for (const url of ['/api/leaderboard', '/api/signups']) expect((await app.inject(url)).body).not.toContain('@private.example');
  });
});
