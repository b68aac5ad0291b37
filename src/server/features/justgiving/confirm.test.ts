import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { startFakeJustGiving, type FakeJustGiving } from '../../test/fake-justgiving';
import { auditLog, donations, justGivingPages, signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { formatPence } from '../../../common/money';
import type { JustGivingSyncStatus } from '../../../common/schemas/justgiving';
import { CHANGED } from './confirm';

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
const pageUrl = (shortName: string) => `https://www.justgiving.com/fundraising/${shortName}`;

const syncNow = () => app.inject({ method: 'POST', url: '/api/admin/justgiving/sync', headers: { cookie: admin } });

const confirm = (signupId: number, pageShortName: string, headers: Record<string, string> = { cookie: admin }) =>
  app.inject({ method: 'POST', url: `/api/admin/justgiving/pages/${signupId}/confirm`, headers, payload: { pageShortName } });

const pageStatus = async (signupId: number) =>
  ((await app.inject({ url: '/api/admin/justgiving', headers: { cookie: admin } })).json() as JustGivingSyncStatus).pages.find(
    (p) => p.signupId === signupId,
  );

const setCountUnverified = async (count: boolean) => {
  const { year: _year, ...settings } = (await app.inject({ url: '/api/settings' })).json();
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie: admin },
    payload: { ...settings, publicTotalsVerifiedOnly: !count },
  });
  expect(res.statusCode).toBe(200);
};

/** Everything the public reads that carries a team's total, in one snapshot. */
async function publicView(signupId: number) {
  const board: { signupId: number; donationTotal: number }[] = (await app.inject({ url: '/api/leaderboard' })).json();
  const donateHtml = (await app.inject({ url: `/donate/${signupId}` })).body;
  return {
    board: board.find((e) => e.signupId === signupId)?.donationTotal,
    boardSum: board.reduce((sum, e) => sum + e.donationTotal, 0),
    teamPage: (await app.inject({ url: `/api/public/signup/${signupId}` })).json().donationTotal as number,
    leaderboardHtml: /<meta name="description" content="([^"]*)"/.exec((await app.inject({ url: '/leaderboard' })).body)?.[1],
    shareImage: /<meta property="og:image" content="([^"]*)"/.exec(donateHtml)?.[1],
    homeFunds: (await app.inject({ url: '/api/home-page/stats' })).json().funds as string,
  };
}

describe('confirming a JustGiving page', () => {
  it("keeps an unconfirmed page's total out of every public answer whatever the count-unverified setting, and counts it once confirmed", async () => {
    const shortName = `unconfirmed-${++n}`;
    const team = await insertTeam(app.db, { justGivingUrl: pageUrl(shortName) });
    // Large enough to move the home page's "raised" tile on its own.
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '4321987.65', title: 'Oui Drive to Cannes', owner: 'Jo Bloggs' });
    const before = await publicView(team.id);
    expect((await syncNow()).statusCode).toBe(200);
    for (const countUnverified of [true, false]) {
      await setCountUnverified(countUnverified);
      expect(await publicView(team.id)).toEqual({ ...before, board: 0, teamPage: 0 });
    }
    // Organisers see it, with what they need to tell whose page it is.
    expect(await pageStatus(team.id)).toMatchObject({
      total: 432198765,
      title: 'Oui Drive to Cannes',
      owner: 'Jo Bloggs',
      confirmedAt: null,
    });
    expect(await app.db.select().from(donations).where(eq(donations.signupId, team.id))).toEqual([]);

    const res = await confirm(team.id, shortName);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signupId: team.id, total: 432198765, confirmedAt: expect.any(String) });
    for (const countUnverified of [true, false]) {
      await setCountUnverified(countUnverified);
      const after = await publicView(team.id);
      expect(after).toMatchObject({ board: 432198765, teamPage: 432198765, boardSum: before.boardSum + 432198765 });
      expect(after.leaderboardHtml).toContain(formatPence(before.boardSum + 432198765));
      expect(after.shareImage).not.toBe(before.shareImage);
      expect(after.homeFunds).not.toBe(before.homeFunds);
    }
  });

  it('is audited, and a second confirmation changes nothing', async () => {
    const shortName = `audited-${++n}`;
    const team = await insertTeam(app.db, { justGivingUrl: pageUrl(shortName) });
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '80.00', title: 'Crepe Expectations', owner: 'Sam Smith' });
    await syncNow();
    expect((await confirm(team.id, shortName)).statusCode).toBe(200);
    expect((await confirm(team.id, shortName)).statusCode).toBe(200);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'justgiving.confirm'), eq(auditLog.targetId, String(team.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      targetType: 'signup',
      actorEmail: expect.stringMatching(/^admin/),
      details: { pageShortName: shortName, title: 'Crepe Expectations', owner: 'Sam Smith', total: 8000 },
    });
    const lines = await app.db.select().from(donations).where(eq(donations.signupId, team.id));
    expect(lines).toMatchObject([{ amount: 8000, source: 'justgiving', state: 'verified' }]);
  });

  it('is for organisers only: 401 signed out, 403 for a team member, nothing confirmed', async () => {
    const shortName = `guarded-${++n}`;
    const { user, cookie } = await signUp(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/signups',
      headers: { cookie },
      payload: teamInput({ driverEmail: user.email, justGivingUrl: pageUrl(shortName) }),
    });
    const signupId = created.json().id as number;
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '55.00' });
    await syncNow();
    expect((await confirm(signupId, shortName, {})).statusCode).toBe(401);
    expect((await confirm(signupId, shortName, { cookie })).statusCode).toBe(403);
    expect((await pageStatus(signupId))?.confirmedAt).toBeNull();
    expect(await app.db.select().from(donations).where(eq(donations.signupId, signupId))).toEqual([]);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.action, 'justgiving.confirm'))).not.toContainEqual(
      expect.objectContaining({ targetId: String(signupId) }),
    );
  });

  it('refuses a page other than the one read, a team never read and bad input, changing nothing', async () => {
    const shortName = `refused-${++n}`;
    const team = await insertTeam(app.db, { justGivingUrl: pageUrl(shortName) });
    const unread = await insertTeam(app.db, { justGivingUrl: pageUrl(`never-read-${n}`) });
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '60.00' });
    await syncNow();
    const other = await confirm(team.id, 'some-other-page');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(CHANGED);
    expect((await confirm(unread.id + 100_000, 'x')).statusCode).toBe(404);
    for (const payload of [{}, { pageShortName: '' }, { pageShortName: 7 }]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/justgiving/pages/${team.id}/confirm`,
        headers: { cookie: admin },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/admin/justgiving/pages/abc/confirm',
          headers: { cookie: admin },
          payload: { pageShortName: shortName },
        })
      ).statusCode,
    ).toBe(400);
    expect((await pageStatus(team.id))?.confirmedAt).toBeNull();
    expect(await app.db.select().from(donations).where(eq(donations.signupId, team.id))).toEqual([]);
  });

  it("drops the confirmation when the team changes its page address, and the new page's total waits for its own", async () => {
    const shortName = `moved-${++n}`;
    const { user, cookie } = await signUp(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/signups',
      headers: { cookie },
      payload: teamInput({ driverEmail: user.email, justGivingUrl: pageUrl(shortName) }),
    });
    const signupId = created.json().id as number;
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '90.00' });
    await syncNow();
    expect((await confirm(signupId, shortName)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/public/signup/${signupId}` })).json().donationTotal).toBe(9000);

    const newName = `${shortName}-elsewhere`;
    jg.setPage(newName, { grandTotalRaisedExcludingGiftAid: '5000.00', title: 'Somebody else' });
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/my-signup',
      headers: { cookie },
      payload: { justGivingUrl: pageUrl(newName) },
    });
    expect(patch.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/public/signup/${signupId}` })).json().donationTotal).toBe(0);
    expect(await app.db.select().from(justGivingPages).where(eq(justGivingPages.signupId, signupId))).toEqual([]);

    await syncNow();
    expect(await pageStatus(signupId)).toMatchObject({ pageShortName: newName, total: 500000, confirmedAt: null });
    expect((await app.inject({ url: `/api/public/signup/${signupId}` })).json().donationTotal).toBe(0);
    // The old page cannot be confirmed in the new one's place.
    expect((await confirm(signupId, shortName)).statusCode).toBe(409);
  });

  it('refuses the old page when the address changed while a sync was reading it', async () => {
    const shortName = `raced-${++n}`;
    const team = await insertTeam(app.db, { justGivingUrl: pageUrl(shortName) });
    jg.setPage(shortName, { grandTotalRaisedExcludingGiftAid: '70.00' });
    jg.beforeAnswering(shortName, () =>
      app.db
        .update(signups)
        .set({ justGivingUrl: pageUrl(`${shortName}-new`) })
        .where(eq(signups.id, team.id)),
    );
    await syncNow();
    // The sync wrote what it read of the old page after the change: organisers may see it, never confirm it.
    expect(await pageStatus(team.id)).toMatchObject({ pageShortName: shortName, total: 7000 });
    expect((await confirm(team.id, shortName)).statusCode).toBe(409);
    expect(await app.db.select().from(donations).where(eq(donations.signupId, team.id))).toEqual([]);
  });
});
