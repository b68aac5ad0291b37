import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { donations, historicParticipants, signups } from '../db/schema';
import { teamInput } from '../../common/factories';
import { only } from '../test/rows';

let app: TestApp;
let signupId: number;
beforeAll(async () => {
  app = await createTestApp();
  const row = only(
    await app.db
      .insert(signups)
      .values({ ...teamInput(), rallyYear: 2026 } as typeof signups.$inferInsert)
      .returning(),
  );
  signupId = row.id;
});
afterAll(() => app.close());

const total = async () => {
  const entries = (await app.inject('/api/leaderboard')).json() as { signupId: number; donationTotal: number }[];
  return entries.find((e) => e.signupId === signupId)?.donationTotal;
};

describe('cached public answers', () => {
  it('show a new donation written by another instance as soon as its notification arrives', async () => {
    expect(await total()).toBe(0);
    expect(await total()).toBe(0); // served from the cache
    // A write straight to the database, as another instance would make it: this instance learns of
    // it from the trigger's NOTIFY (at once on PGlite, within milliseconds on PostgreSQL).
    await app.db.insert(donations).values({ signupId, amount: 2500, paymentMethod: 'cash' });
    await expect.poll(total, { timeout: 5000, interval: 20 }).toBe(2500);
    await app.db.delete(donations).where(eq(donations.signupId, signupId));
    await expect.poll(total, { timeout: 5000, interval: 20 }).toBe(0);
  });

  it('show a renamed team and a changed historic record at once', async () => {
    const poll = { timeout: 5000, interval: 20 };
    await app.inject('/api/signups');
    await app.db.update(signups).set({ teamName: 'Renamed Racers' }).where(eq(signups.id, signupId));
    await expect
      .poll(async () => (await app.inject('/api/signups')).json().map((t: { teamName: string }) => t.teamName), poll)
      .toContain('Renamed Racers');

    await app.db.insert(historicParticipants).values({ year: 2018, rank: 1, teamName: 'Before' });
    await expect.poll(async () => (await app.inject('/api/participants/2018')).json()[0]?.teamName, poll).toBe('Before');
    await app.db.update(historicParticipants).set({ teamName: 'After' }).where(eq(historicParticipants.year, 2018));
    await expect.poll(async () => (await app.inject('/api/participants/2018')).json()[0].teamName, poll).toBe('After');
    expect((await app.inject('/api/participants')).json()[0].teamName).toBe('After');
  });

  it('answers JSON that is not stored by shared caches', async () => {
    const res = await app.inject('/api/leaderboard');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
