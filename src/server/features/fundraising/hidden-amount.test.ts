import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie: admin } = await signUpAdmin(app));
});
afterAll(() => app.close());

/** A distinctive amount, so its digits in an answer can only be this donation. */
const HIDDEN = 98_765;

async function participantTeam() {
  const { user, cookie } = await signUp(app);
  const team = await insertTeam(app.db, { userId: user.id });
  return { team, cookie };
}

describe('a donor who hides the amount', () => {
  it('is on the supporters wall without the amount, which is in no public answer yet counts in the totals', async () => {
    const { team, cookie } = await participantTeam();
    const hidden = await app.inject({
      method: 'POST',
      url: '/api/my-donations',
      headers: { cookie },
      payload: { amount: HIDDEN, paymentMethod: 'cash', donorName: 'Quiet Aunt', hideAmount: true },
    });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().hideAmount).toBe(true);
    await app.inject({
      method: 'POST',
      url: '/api/my-donations',
      headers: { cookie },
      payload: { amount: 1000, paymentMethod: 'cash', donorName: 'Loud Uncle' },
    });

    const page = await app.inject({ url: `/api/public/signup/${team.id}` });
    const body = page.json();
    expect(body.donationTotal).toBe(HIDDEN + 1000);
    expect(body.supporters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Quiet Aunt', amount: null }),
        expect.objectContaining({ name: 'Loud Uncle', amount: 1000 }),
      ]),
    );
    for (const url of [`/api/public/signup/${team.id}`, '/api/leaderboard', '/api/signups', `/donate/${team.id}`]) {
      const res = await app.inject({ url });
      expect([url, res.body.includes(String(HIDDEN))]).toEqual([url, false]);
    }
    const board = (await app.inject({ url: '/api/leaderboard' })).json();
    expect(board.find((e: { signupId: number }) => e.signupId === team.id).donationTotal).toBe(HIDDEN + 1000);
  });

  it('can be set by organisers when they record or correct a donation, and shows in their ledger', async () => {
    const team = await insertTeam(app.db);
    const recorded = await app.inject({
      method: 'POST',
      url: '/api/donations',
      headers: { cookie: admin },
      payload: { signupId: team.id, amount: 5000, paymentMethod: 'cheque', donorName: 'Parish', hideAmount: true },
    });
    expect(recorded.statusCode).toBe(201);
    const ledger = (await app.inject({ url: `/api/admin/donations?signupId=${team.id}`, headers: { cookie: admin } })).json();
    expect(ledger.items[0]).toMatchObject({ amount: 5000, hideAmount: true });

    const shown = await app.inject({
      method: 'PATCH',
      url: `/api/admin/donations/${ledger.items[0].id}`,
      headers: { cookie: admin },
      payload: { hideAmount: false },
    });
    expect(shown.json().hideAmount).toBe(false);
    const page = (await app.inject({ url: `/api/public/signup/${team.id}` })).json();
    expect(page.supporters[0].amount).toBe(5000);
  });

  it('refuses a hideAmount that is not true or false', async () => {
    const { cookie } = await participantTeam();
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-donations',
      headers: { cookie },
      payload: { amount: 100, paymentMethod: 'cash', hideAmount: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });
});
