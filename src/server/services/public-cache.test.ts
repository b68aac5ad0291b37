import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { donations, historicParticipants, signups } from '../db/schema';
import { validSignup } from '../features/signups/test-signup';

let app: TestApp;
let signupId: number;
beforeAll(async () => {
  app = await createTestApp();
  const [row] = await app.db.insert(signups).values({ ...validSignup(), rallyYear: 2026 } as typeof signups.$inferInsert).returning();
  signupId = row.id;
});
afterAll(() => app.close());

const total = async () => {
  const entries = (await app.inject('/api/leaderboard')).json() as { signupId: number; donationTotal: number }[];
  return entries.find((e) => e.signupId === signupId)?.donationTotal;
};

describe('cached public answers', () => {
  it('show a new donation on the very next request, whoever wrote it', async () => {
    expect(await total()).toBe(0);
    expect(await total()).toBe(0); // served from the cache
    // A write straight to the database, as another instance would make it.
    await app.db.insert(donations).values({ signupId, amount: 2500, paymentMethod: 'cash' });
    expect(await total()).toBe(2500);
    await app.db.delete(donations).where(eq(donations.signupId, signupId));
    expect(await total()).toBe(0);
  });

  it('show a renamed team and a changed historic record at once', async () => {
    await app.inject('/api/signups');
    await app.db.update(signups).set({ teamName: 'Renamed Racers' }).where(eq(signups.id, signupId));
    expect((await app.inject('/api/signups')).json().map((t: { teamName: string }) => t.teamName)).toContain('Renamed Racers');

    await app.db.insert(historicParticipants).values({ year: 2018, rank: 1, teamName: 'Before' });
    expect((await app.inject('/api/participants/2018')).json()[0].teamName).toBe('Before');
    await app.db.update(historicParticipants).set({ teamName: 'After' }).where(eq(historicParticipants.year, 2018));
    expect((await app.inject('/api/participants/2018')).json()[0].teamName).toBe('After');
    expect((await app.inject('/api/participants')).json()[0].teamName).toBe('After');
  });

  it('answers JSON that is not stored by shared caches', async () => {
    const res = await app.inject('/api/leaderboard');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
