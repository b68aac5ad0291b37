import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { startFakeJustGiving, type FakeJustGiving } from '../../test/fake-justgiving';
import { donations } from '../../db/schema';
import type { JustGivingSyncStatus } from '../../../common/schemas/justgiving';

let app: TestApp;
let jg: FakeJustGiving;
let admin: string;
beforeAll(async () => {
  jg = await startFakeJustGiving();
  app = await createTestApp({ env: { JUSTGIVING_APP_ID: jg.appId, JUSTGIVING_API_URL: jg.url } });
  ({ cookie: admin } = await signUpAdmin(app));
});
afterAll(async () => {
  await app.close();
  await jg.close();
});

let n = 0;
/** A team whose JustGiving address names a fresh page short name. */
async function teamWithPage() {
  const shortName = `team-page-${++n}`;
  const team = await insertTeam(app.db, { justGivingUrl: `https://www.justgiving.com/fundraising/${shortName}` });
  return { team, shortName };
}

async function syncNow(cookie = admin) {
  return app.inject({ method: 'POST', url: '/api/admin/justgiving/sync', headers: { cookie } });
}

/** An organiser confirms that the page the sync read is the team's, so its total counts. */
async function confirm(signupId: number, pageShortName: string, cookie = admin) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/justgiving/pages/${signupId}/confirm`,
    headers: { cookie },
    payload: { pageShortName },
  });
}

const statusOf = (body: JustGivingSyncStatus, signupId: number) => body.pages.find((p) => p.signupId === signupId);

async function justGivingLines(signupId: number) {
  return app.db
    .select()
    .from(donations)
    .where(and(eq(donations.signupId, signupId), eq(donations.source, 'justgiving')));
}

async function publicTotal(signupId: number) {
  const page = await app.inject({ url: `/api/public/signup/${signupId}` });
  const board = await app.inject({ url: '/api/leaderboard' });
  return {
    page: page.json().donationTotal as number,
    board: board.json().find((e: { signupId: number }) => e.signupId === signupId)?.donationTotal as number,
  };
}

describe('JustGiving sync', () => {
  it("stores a page's total as one verified justgiving line once confirmed, shown on the leaderboard and the team page", async () => {
    const { team, shortName } = await teamWithPage();
    jg.setPage(shortName, {
      totalRaisedOnline: '420.50',
      totalRaisedOffline: '80.00',
      totalEstimatedGiftAid: '95.13',
      grandTotalRaisedExcludingGiftAid: '500.50',
      fundraisingTarget: '1500.00',
    });
    const res = await syncNow();
    expect(res.statusCode).toBe(200);
    const body: JustGivingSyncStatus = res.json();
    expect(body.configured).toBe(true);
    expect(body.lastSyncAt).not.toBeNull();
    expect(statusOf(body, team.id)).toMatchObject({
      pageShortName: shortName,
      total: 50050,
      raisedOnline: 42050,
      raisedOffline: 8000,
      giftAid: 9513,
      target: 150000,
      title: `Fundraising page ${shortName}`,
      owner: 'Page Owner',
      confirmedAt: null,
      error: null,
    });
    expect((await confirm(team.id, shortName)).statusCode).toBe(200);
    const [line, ...more] = await justGivingLines(team.id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ amount: 50050, paymentMethod: 'justgiving', state: 'verified' });
    expect(await publicTotal(team.id)).toEqual({ page: 50050, board: 50050 });
    expect(jg.requests.find((r) => r.path === `/${jg.appId}/v1/fundraising/pages/${shortName}`)?.accept).toBe('application/json');
  });

  it('changes the one line in place when the page total changes, and counts typed JustGiving gifts once', async () => {
    const { team, shortName } = await teamWithPage();
    // JustGiving gifts typed in before the sync (by the team or an organiser): on the page already,
    // so the page total replaces them.
    await app.db.insert(donations).values([
      { signupId: team.id, amount: 2000, paymentMethod: 'justgiving', source: 'participant' },
      { signupId: team.id, amount: 700, paymentMethod: 'justgiving', source: 'organiser', state: 'verified' },
      { signupId: team.id, amount: 1500, paymentMethod: 'cash', source: 'participant' },
    ]);
    jg.setPage(shortName, { totalRaisedOnline: '100.00', grandTotalRaisedExcludingGiftAid: '100.00' });
    await syncNow();
    await confirm(team.id, shortName);
    const [first] = await justGivingLines(team.id);
    expect(await publicTotal(team.id)).toEqual({ page: 10000 + 1500, board: 10000 + 1500 });

    jg.setPage(shortName, { totalRaisedOnline: '250.00', grandTotalRaisedExcludingGiftAid: '250.00' });
    await syncNow();
    const after = await justGivingLines(team.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first!.id, amount: 25000 });
    expect(await publicTotal(team.id)).toEqual({ page: 25000 + 1500, board: 25000 + 1500 });
    // The organisers' chart of money raised counts the same way as the leaderboard.
    const board: { donationTotal: number }[] = (await app.inject({ url: '/api/leaderboard' })).json();
    const weekly: { total: number }[] = (await app.inject({ url: '/api/admin/donations/weekly', headers: { cookie: admin } })).json();
    expect(weekly.at(-1)?.total).toBe(board.reduce((sum, e) => sum + e.donationTotal, 0));
  });

  it('keeps the last total when the page disappears and tells organisers why', async () => {
    const { team, shortName } = await teamWithPage();
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '75.00' });
    await syncNow();
    await confirm(team.id, shortName);
    jg.removePage(shortName);
    const body: JustGivingSyncStatus = (await syncNow()).json();
    const status = statusOf(body, team.id)!;
    expect(status.error).toMatch(/not found \(404\)/);
    expect(status.total).toBe(7500);
    expect(status.lastSuccessAt! < status.lastAttemptAt).toBe(true);
    expect((await justGivingLines(team.id)).map((l) => l.amount)).toEqual([7500]);
  });

  it('records an API error per team without touching other teams', async () => {
    const broken = await teamWithPage();
    const fine = await teamWithPage();
    jg.setPage(broken.shortName, { grandTotalRaisedExcludingGiftAid: '10.00' });
    jg.failPage(broken.shortName, { status: 503 });
    jg.setPage(fine.shortName, { grandTotalRaisedExcludingGiftAid: '20.00' });
    const body: JustGivingSyncStatus = (await syncNow()).json();
    expect(statusOf(body, broken.team.id)).toMatchObject({ error: 'JustGiving answered with an error (503)', total: null });
    expect(statusOf(body, fine.team.id)).toMatchObject({ error: null, total: 2000 });
    expect(await justGivingLines(broken.team.id)).toEqual([]);
    // Failures are listed first, so an organiser sees them without scrolling.
    expect(body.pages.findIndex((p) => p.error)).toBe(0);
  });

  it('marks an address that is not a JustGiving page, and drops the line of a team that removed its page', async () => {
    const odd = await insertTeam(app.db, { justGivingUrl: 'https://example.org/our-page' });
    const { team, shortName } = await teamWithPage();
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '30.00' });
    await syncNow();
    await confirm(team.id, shortName);
    expect((await justGivingLines(team.id)).length).toBe(1);
    const { signups } = await import('../../db/schema');
    await app.db.update(signups).set({ justGivingUrl: null }).where(eq(signups.id, team.id));
    const body: JustGivingSyncStatus = (await syncNow()).json();
    expect(statusOf(body, odd.id)?.error).toBe('The address the team gave is not a JustGiving fundraising page');
    expect(statusOf(body, team.id)).toBeUndefined();
    expect(await justGivingLines(team.id)).toEqual([]);
  });

  it("keeps a confirmed page's total in the public totals when the driver deletes their account, and a later sync leaves it", async () => {
    const driver = await signUp(app);
    const shortName = `erased-team-page-${++n}`;
    const team = await insertTeam(app.db, {
      userId: driver.user.id,
      driverEmail: driver.email,
      justGivingUrl: `https://www.justgiving.com/fundraising/${shortName}`,
    });
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '640.00' });
    await syncNow();
    expect((await confirm(team.id, shortName)).statusCode).toBe(200);
    expect(await publicTotal(team.id)).toEqual({ page: 64000, board: 64000 });

    const erased = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: driver.cookie },
      payload: { password: driver.password },
    });
    expect(erased.statusCode).toBe(200);
    expect(await justGivingLines(team.id)).toMatchObject([{ amount: 64000, state: 'verified' }]);
    expect(await publicTotal(team.id)).toEqual({ page: 64000, board: 64000 });

    // The erased team has no page address any more: the sync reads nothing for it and keeps its line.
    const body: JustGivingSyncStatus = (await syncNow()).json();
    expect(statusOf(body, team.id)).toBeUndefined();
    expect(await justGivingLines(team.id)).toMatchObject([{ amount: 64000, state: 'verified' }]);
    expect(await publicTotal(team.id)).toEqual({ page: 64000, board: 64000 });
  });

  it('never puts a sync failure in a public answer', async () => {
    const { team, shortName } = await teamWithPage();
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '12.00' });
    await syncNow();
    await confirm(team.id, shortName);
    jg.failPage(shortName, { status: 500 });
    await syncNow();
    for (const url of ['/api/leaderboard', '/api/signups', `/api/public/signup/${team.id}`, `/donate/${team.id}`]) {
      const res = await app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).not.toMatch(/answered with an error|JustGiving supporters|not found \(404\)/);
    }
    expect((await publicTotal(team.id)).page).toBe(1200);
  });

  it('lets only organisers see or run the sync; a team cannot change the justgiving line', async () => {
    const { team, shortName } = await teamWithPage();
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '40.00' });
    await syncNow();
    await confirm(team.id, shortName);
    const participant = await signUp(app);
    expect((await syncNow(participant.cookie)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/justgiving', headers: { cookie: participant.cookie } })).statusCode).toBe(403);
    const [line] = await justGivingLines(team.id);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/admin/donations/${line!.id}`,
      headers: { cookie: admin },
      payload: { amount: 1 },
    });
    expect(patch.statusCode).toBe(409);
  });
});

describe('JustGiving sync of large and failing pages', () => {
  it('syncs a £30,000,000 page (past int4) and sums it, while another team in the same run is synced as usual', async () => {
    const big = await teamWithPage();
    const small = await teamWithPage();
    jg.setPage(big.shortName, { grandTotalRaisedExcludingGiftAid: '100.00' });
    jg.setPage(small.shortName, { grandTotalRaisedExcludingGiftAid: '20.00' });
    await syncNow();
    // Both pages count publicly (the lines below show the confirmations took).
    await confirm(big.team.id, big.shortName);
    await confirm(small.team.id, small.shortName);

    jg.setPage(big.shortName, { grandTotalRaisedExcludingGiftAid: '30000000.00', totalRaisedOnline: '30000000.00' });
    jg.setPage(small.shortName, { grandTotalRaisedExcludingGiftAid: '25.00' });
    const res = await syncNow();
    expect(res.statusCode).toBe(200);
    const body: JustGivingSyncStatus = res.json();
    expect(statusOf(body, big.team.id)).toMatchObject({ total: 3_000_000_000, raisedOnline: 3_000_000_000, error: null });
    expect(statusOf(body, small.team.id)).toMatchObject({ total: 2500, error: null });
    expect((await justGivingLines(big.team.id)).map((l) => l.amount)).toEqual([3_000_000_000]);
    expect((await justGivingLines(small.team.id)).map((l) => l.amount)).toEqual([2500]);
    expect(await publicTotal(big.team.id)).toEqual({ page: 3_000_000_000, board: 3_000_000_000 });
    expect(await publicTotal(small.team.id)).toEqual({ page: 2500, board: 2500 });
  });

  it("keeps every other team's read when saving one team's read fails", async () => {
    const doomed = await teamWithPage();
    const fine = await teamWithPage();
    jg.setPage(doomed.shortName, { grandTotalRaisedExcludingGiftAid: '10.00' });
    jg.setPage(fine.shortName, { grandTotalRaisedExcludingGiftAid: '35.00' });
    // The team is deleted while its page is being read: saving what was read cannot work.
    const { signups } = await import('../../db/schema');
    jg.beforeAnswering(doomed.shortName, () => app.db.delete(signups).where(eq(signups.id, doomed.team.id)));
    const res = await syncNow();
    expect(res.statusCode).toBe(200);
    const body: JustGivingSyncStatus = res.json();
    expect(statusOf(body, fine.team.id)).toMatchObject({ total: 3500, error: null });
    expect(statusOf(body, doomed.team.id)).toBeUndefined();
  });
});

describe('JustGiving sync without an app id', () => {
  it('says so and refuses Sync now', async () => {
    const bare = await createTestApp();
    try {
      const { cookie } = await signUpAdmin(bare);
      const status = await bare.inject({ url: '/api/admin/justgiving', headers: { cookie } });
      expect(status.json()).toEqual({ configured: false, lastSyncAt: null, pages: [] });
      const run = await bare.inject({ method: 'POST', url: '/api/admin/justgiving/sync', headers: { cookie } });
      expect(run.statusCode).toBe(409);
      expect(run.json().message).toMatch(/JUSTGIVING_APP_ID/);
    } finally {
      await bare.close();
    }
  });
});
