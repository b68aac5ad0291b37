import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { donations, signups } from '../../db/schema';
import { defaultTeamTarget, teamTarget } from '../../../common/fundraising';
import { teamInput } from '../../../common/factories';
import { leaderboardEntrySchema, publicTeamSchema, type PublicTeam } from '../../../common/schemas/public-team';
import { only } from '../../test/rows';
import type { RallySettings } from '../../../common/schemas/rally-settings';

const PUBLIC_KEYS = Object.keys(publicTeamSchema.shape).sort();
const LEADERBOARD_KEYS = Object.keys(leaderboardEntrySchema.shape).sort();

/** Every private field carries this marker, so any leak shows up in the raw body. */
const SECRET = 'PRIVATE-7f3a';

let app: TestApp;
let rally: RallySettings;
let n = 0;

async function addTeam(overrides: Partial<typeof signups.$inferInsert> = {}) {
  n += 1;
  const rows = await app.db
    .insert(signups)
    // The shared team, with every private field holding SECRET.
    .values(
      teamInput({
        rallyYear: rally.year,
        teamName: `Team ${String(n).padStart(3, '0')}`,
        driverFirstName: 'Dana',
        driverLastName: `Driver${n}`,
        driverEmail: `${SECRET}-driver${n}@example.test`,
        driverPhone: `${SECRET} 07700`,
        driverAddress: `${SECRET} 1 Street`,
        driverPassport: `${SECRET}-P1`,
        coDriverFirstName: 'Cody',
        coDriverLastName: `Co${n}`,
        coDriverEmail: `${SECRET}-co${n}@example.test`,
        coDriverPhone: `${SECRET} 07711`,
        coDriverAddress: `${SECRET} 2 Street`,
        coDriverPassport: `${SECRET}-P2`,
        carMake: 'Volvo',
        carModel: '240',
        carYear: 1989,
        carRegistration: `${SECRET}-REG`,
        carImageUrl: '/uploads/car.webp',
        previousRally: true,
        previousRallyYears: [2016, 2018],
        dietaryRequirements: `${SECRET} vegan`,
        medicalConditions: `${SECRET} asthma`,
        emergencyContactName: `${SECRET} Pat`,
        emergencyContactPhone: `${SECRET} 01534`,
        emergencyContactRelationship: `${SECRET} partner`,
        sponsors: [{ name: 'Jersey Dairy', url: 'https://example.je/dairy' }],
        justGivingUrl: 'https://www.justgiving.com/page/x',
        ...overrides,
      }),
    )
    .returning();
  return only(rows);
}

async function donate(signupId: number, amount: number) {
  await app.db
    .insert(donations)
    .values({ signupId, amount, paymentMethod: 'cash', donorName: `${SECRET} donor`, donorEmail: `${SECRET}@donor.test` });
}

beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
});
afterAll(() => app.close());

describe('public team answers', () => {
  it("lists this year's teams with public fields only", async () => {
    const team = await addTeam({ coDriverAcceptedAt: new Date() });
    await addTeam({ rallyYear: rally.year - 1, teamName: 'Last Year Team' });
    const res = await app.inject('/api/signups');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const list = res.json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(PUBLIC_KEYS);
    expect(list.map((t) => t.teamName)).not.toContain('Last Year Team');
    expect(list.find((t) => t.id === team.id)).toEqual({
      id: team.id,
      teamName: team.teamName,
      driverFirstName: 'Dana',
      driverLastName: team.driverLastName,
      coDriverFirstName: 'Cody',
      coDriverLastName: team.coDriverLastName,
      carMake: 'Volvo',
      carModel: '240',
      carYear: 1989,
      carImageUrl: '/uploads/car.webp',
      sponsors: [{ name: 'Jersey Dairy', url: 'https://example.je/dairy' }],
      previousRallyYears: [2016, 2018],
      justGivingUrl: 'https://www.justgiving.com/page/x',
    });
  });

  it('names an invited co-driver only once they have accepted, in the list and on the donate page', async () => {
    const team = await addTeam({ coDriverLastName: 'Notyet' });
    // Written straight to the table: the lists kept by an earlier test would not show it.
    app.publicCache.invalidate();
    const listed = async () => ((await app.inject('/api/signups')).json() as PublicTeam[]).find((t) => t.id === team.id)!;
    const page = async () => (await app.inject(`/api/public/signup/${team.id}`)).json() as PublicTeam;
    for (const shown of [await listed(), await page()]) expect(shown).toMatchObject({ coDriverFirstName: null, coDriverLastName: null });
    expect((await app.inject(`/api/public/signup/${team.id}`)).body).not.toContain('Notyet');
    await app.db.update(signups).set({ coDriverAcceptedAt: new Date() }).where(eq(signups.id, team.id));
    app.publicCache.invalidate();
    for (const shown of [await listed(), await page()])
      expect(shown).toMatchObject({ coDriverFirstName: 'Cody', coDriverLastName: 'Notyet' });
  });

  it('gives one team with public fields only, whatever its year', async () => {
    const team = await addTeam({
      rallyYear: rally.year - 1,
      coDriverFirstName: null,
      coDriverLastName: null,
      carMake: null,
      carModel: null,
      carYear: null,
    });
    const res = await app.inject(`/api/public/signup/${team.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [...PUBLIC_KEYS, 'donationCount', 'donationTotal', 'rallyYear', 'story', 'supporters', 'target'].sort(),
    );
    expect(body).toMatchObject({
      id: team.id,
      teamName: team.teamName,
      coDriverFirstName: null,
      carMake: null,
      donationTotal: 0,
      target: defaultTeamTarget(rally),
    });
  });

  it('answers 404 for an unknown or malformed team id', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '0', '1e3', '99999999999', '%20']) {
      const res = await app.inject(`/api/public/signup/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Team not found' });
    }
  });

  it('never lets a browser or proxy reuse an old answer', async () => {
    for (const url of ['/api/signups', '/api/leaderboard']) {
      expect((await app.inject(url)).headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('the leaderboard', () => {
  it('ranks every team by its total and count, matching a direct computation', async () => {
    const teams = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addTeam()));
    const amounts = [[500, 1500], [2000], [], [1000, 1000], [7, 3, 990], [20000]];
    for (const [i, list] of amounts.entries()) for (const a of list) await donate(teams[i]!.id, a); // one list per team
    await addTeam({ rallyYear: rally.year + 1, teamName: 'Next Year Team' });

    const res = await app.inject('/api/leaderboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const entries = res.json() as Record<string, unknown>[];
    for (const e of entries) expect(Object.keys(e).sort()).toEqual(LEADERBOARD_KEYS);

    const thisYear = await app.db.select().from(signups).where(eq(signups.rallyYear, rally.year));
    const allDonations = await app.db.select().from(donations);
    const expected = thisYear
      .map((s) => {
        const mine = allDonations.filter((d) => d.signupId === s.id);
        return {
          signupId: s.id,
          teamName: s.teamName,
          donationTotal: mine.reduce((t, d) => t + d.amount, 0),
          donationCount: mine.length,
          target: teamTarget(s.fundraisingTarget, rally),
        };
      })
      .sort(
        (a, b) =>
          b.donationTotal - a.donationTotal || (a.teamName < b.teamName ? -1 : a.teamName > b.teamName ? 1 : a.signupId - b.signupId),
      );
    expect(entries).toEqual(expected);
    expect(entries.find((e) => e.signupId === teams[2]?.id)).toMatchObject({ donationTotal: 0, donationCount: 0 });
    expect(entries.find((e) => e.signupId === teams[3]?.id)).toMatchObject({ donationTotal: 2000, donationCount: 2 });
    expect(entries[0]).toMatchObject({ signupId: teams[5]?.id, donationTotal: 20000 });
  });

  // These writes go straight to the database, as another instance's would: on PostgreSQL the
  // trigger's NOTIFY reaches this instance a moment after the commit, so the answer is polled.
  it('shows a new team and a new donation written elsewhere, once the change is announced', async () => {
    const leaderboard = async () => (await app.inject('/api/leaderboard')).json() as { signupId: number; donationTotal: number }[];
    const team = await addTeam({ teamName: 'Late Starters' });
    await vi.waitFor(async () => expect((await leaderboard()).find((e) => e.signupId === team.id)).toMatchObject({ donationTotal: 0 }));
    await donate(team.id, 123456);
    await vi.waitFor(async () =>
      expect((await leaderboard())[0]).toEqual({
        signupId: team.id,
        teamName: 'Late Starters',
        donationTotal: 123456,
        donationCount: 1,
        target: defaultTeamTarget(rally),
      }),
    );
  });
});

describe('share previews', () => {
  const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];

  it('names the page in the title and Open Graph tags', async () => {
    const teams = await app.inject('/teams');
    expect(teams.statusCode).toBe(200);
    expect(teams.headers['content-type']).toContain('text/html');
    expect(ogTitle(teams.body)).toBe('Who&#39;s Registered | Jersey Charity Rally');
    expect(teams.body).toContain('<title>Who&#39;s Registered | Jersey Charity Rally</title>');
    expect(teams.body.match(/property="og:title"/g)).toHaveLength(1);

    const board = await app.inject('/leaderboard');
    expect(ogTitle(board.body)).toBe('Fundraising Leaderboard | Jersey Charity Rally');
    expect(board.body).toMatch(/<meta property="og:description" content="£[\d,]+\.\d\d raised for Jersey charities by \d+ teams?/);
  });

  it('names the team on its donate page, escaped, and says when there is none', async () => {
    const team = await addTeam({ teamName: 'Bangers & "Mash" <b>' });
    const res = await app.inject(`/donate/${team.id}`);
    expect(ogTitle(res.body)).toBe('Donate to Bangers &amp; &quot;Mash&quot; &lt;b&gt; | Jersey Charity Rally');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain(SECRET);
    expect(ogTitle((await app.inject('/donate/424242')).body)).toBe('Team Not Found | Jersey Charity Rally');
    expect(ogTitle((await app.inject('/donate/thank-you?signup_id=1&amount=500')).body)).toBe(
      'Thank You for Your Donation | Jersey Charity Rally',
    );
  });
});
