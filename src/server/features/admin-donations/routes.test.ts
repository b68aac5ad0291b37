import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, donations } from '../../db/schema';
import { insertTeam } from '../../test/factories';
import { leaderboard } from '../fundraising/queries';
import { only } from '../../test/rows';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie: admin } = await signUpAdmin(app));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });

/** A signed-in participant whose account is linked to a fresh team. */
async function participant() {
  const { user, cookie } = await signUp(app);
  const team = await insertTeam(app.db, { userId: user.id });
  return { cookie, team };
}

async function teamTotal(signupId: number): Promise<number | undefined> {
  const res = await app.inject({ method: 'GET', url: '/api/leaderboard' });
  return res.json().find((e: { signupId: number }) => e.signupId === signupId)?.donationTotal;
}

async function auditOf(action: string, id: number) {
  return only(
    await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id)))),
  );
}

describe('donation ownership', () => {
  it('records a participant donation as reported by the team, and an organiser one as verified', async () => {
    const { cookie, team } = await participant();
    const mine = await call('POST', '/api/my-donations', cookie, { amount: 4000, paymentMethod: 'cash' });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ source: 'participant', state: 'reported' });
    const theirs = await call('POST', '/api/donations', admin, { signupId: team.id, amount: 2500, paymentMethod: 'cheque' });
    expect(theirs.statusCode).toBe(201);
    const [row] = await app.db.select().from(donations).where(eq(donations.id, theirs.json().id));
    expect(row).toMatchObject({ source: 'organiser', state: 'verified' });
  });

  it('lets a participant change only what their team recorded; other entries answer 403 and stay', async () => {
    const { cookie, team } = await participant();
    const organiser = only(
      await app.db
        .insert(donations)
        .values({ signupId: team.id, amount: 5000, paymentMethod: 'cash', source: 'organiser', state: 'verified' })
        .returning(),
    );
    const synced = only(
      await app.db
        .insert(donations)
        .values({ signupId: team.id, amount: 9000, paymentMethod: 'justgiving', source: 'justgiving', state: 'verified' })
        .returning(),
    );
    const direct = only(
      await app.db
        .insert(donations)
        .values({ signupId: team.id, amount: 1000, paymentMethod: 'gocardless', source: 'gocardless', state: 'verified' })
        .returning(),
    );
    for (const d of [organiser, synced, direct]) {
      const patch = await call('PATCH', `/api/my-donations/${d.id}`, cookie, { amount: 1 });
      expect(patch.statusCode).toBe(403);
      expect(patch.json().message).toBe('Only donations your team recorded can be changed');
      expect((await call('DELETE', `/api/my-donations/${d.id}`, cookie)).statusCode).toBe(403);
      const still = only(await app.db.select().from(donations).where(eq(donations.id, d.id)));
      expect(still.amount).toBe(d.amount);
    }
    const own = (await call('POST', '/api/my-donations', cookie, { amount: 4000, paymentMethod: 'cash' })).json();
    expect((await call('PATCH', `/api/my-donations/${own.id}`, cookie, { amount: 4500 })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/my-donations/${own.id}`, cookie)).statusCode).toBe(200);
  });

  it('sends a verified team entry back to reported when the team edits it', async () => {
    const { cookie } = await participant();
    const own = (await call('POST', '/api/my-donations', cookie, { amount: 4000, paymentMethod: 'cash' })).json();
    expect((await call('POST', `/api/admin/donations/${own.id}/verify`, admin)).json().state).toBe('verified');
    const edited = await call('PATCH', `/api/my-donations/${own.id}`, cookie, { amount: 400 });
    expect(edited.json()).toMatchObject({ amount: 400, state: 'reported' });
  });

  it('accepts a donation of £100,000 and refuses a penny more, changing nothing', async () => {
    const { cookie, team } = await participant();
    const over = await call('POST', '/api/my-donations', cookie, { amount: 10_000_001, paymentMethod: 'cash' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('A donation can be at most £100,000');
    expect((await call('POST', '/api/donations', admin, { signupId: team.id, amount: 10_000_001, paymentMethod: 'cash' })).statusCode).toBe(
      400,
    );
    expect(await app.db.select().from(donations).where(eq(donations.signupId, team.id))).toHaveLength(0);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 10_000_000, paymentMethod: 'cash' })).statusCode).toBe(201);
  });

  it('sums team totals beyond 32 bits without a 500', async () => {
    const team = await insertTeam(app.db);
    // 250 donations of £100,000: £25 million, more than a 32-bit integer of pence holds.
    await app.db
      .insert(donations)
      .values(Array.from({ length: 250 }, () => ({ signupId: team.id, amount: 10_000_000, paymentMethod: 'cheque' as const })));
    expect(await teamTotal(team.id)).toBe(2_500_000_000);
    const list = await call('GET', '/api/admin/signups', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().find((s: { id: number }) => s.id === team.id).donationTotal).toBe(2_500_000_000);
    const ledger = await call('GET', `/api/admin/donations?signupId=${team.id}`, admin);
    expect(ledger.json()).toMatchObject({ total: 250, sum: 2_500_000_000 });
  });
});

describe('organisers ledger', () => {
  it('is for organisers only', async () => {
    const { cookie } = await participant();
    expect((await call('GET', '/api/admin/donations', cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/donations/1/verify', cookie)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/admin/donations/1', cookie)).statusCode).toBe(403);
  });

  it('filters by team, source, state and day', async () => {
    const a = await insertTeam(app.db);
    const b = await insertTeam(app.db);
    await app.db.insert(donations).values([
      {
        signupId: a.id,
        amount: 100,
        paymentMethod: 'cash',
        source: 'participant',
        state: 'reported',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        signupId: a.id,
        amount: 200,
        paymentMethod: 'cash',
        source: 'organiser',
        state: 'verified',
        createdAt: new Date('2026-03-02T23:30:00Z'),
      },
      {
        signupId: b.id,
        amount: 400,
        paymentMethod: 'cash',
        source: 'organiser',
        state: 'verified',
        createdAt: new Date('2026-03-03T08:00:00Z'),
      },
    ]);
    const get = async (q: string) => (await call('GET', `/api/admin/donations?${q}`, admin)).json();
    expect(await get(`signupId=${a.id}`)).toMatchObject({ total: 2, sum: 300 });
    expect((await get(`signupId=${a.id}&source=participant`)).items.map((d: { amount: number }) => d.amount)).toEqual([100]);
    expect(await get(`signupId=${a.id}&state=verified`)).toMatchObject({ total: 1, sum: 200 });
    expect(await get('from=2026-03-02&to=2026-03-03')).toMatchObject({ total: 2, sum: 600 });
    const first = (await get(`signupId=${b.id}`)).items[0];
    expect(first).toMatchObject({ teamName: b.teamName, amount: 400, source: 'organiser', state: 'verified' });
    const bad = await call('GET', '/api/admin/donations?source=bank&from=yesterday', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('corrects a mistyped amount, audits before and after, and the leaderboard follows', async () => {
    const team = await insertTeam(app.db);
    const created = (
      await call('POST', '/api/donations', admin, { signupId: team.id, amount: 40_000, paymentMethod: 'cash', donorName: 'Ann' })
    ).json();
    expect(await teamTotal(team.id)).toBe(40_000);
    const res = await call('PATCH', `/api/admin/donations/${created.id}`, admin, { amount: 4_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 4_000, donorName: 'Ann' });
    expect(await teamTotal(team.id)).toBe(4_000);
    const audit = await auditOf('donation.update', created.id);
    expect(audit.details).toMatchObject({ before: { amount: 40_000 }, after: { amount: 4_000 } });
    expect(audit.actorEmail).toMatch(/@example\.test$/);
  });

  it('refuses bad corrections and unknown ids, changing nothing', async () => {
    const team = await insertTeam(app.db);
    const d = only(await app.db.insert(donations).values({ signupId: team.id, amount: 700, paymentMethod: 'cash' }).returning());
    expect((await call('PATCH', `/api/admin/donations/${d.id}`, admin, { amount: -5 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/donations/${d.id}`, admin, { source: 'organiser' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/donations/${d.id}`, admin, { signupId: 2_000_000 })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/donations/2000000', admin, { amount: 5 })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/donations/2000000', admin)).statusCode).toBe(404);
    const [still] = await app.db.select().from(donations).where(eq(donations.id, d.id));
    expect(still).toMatchObject({ amount: 700, signupId: team.id });
  });

  it('verifies a team-reported donation with an audit row', async () => {
    const team = await insertTeam(app.db);
    const d = only(await app.db.insert(donations).values({ signupId: team.id, amount: 900, paymentMethod: 'cash' }).returning());
    const res = await call('POST', `/api/admin/donations/${d.id}/verify`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('verified');
    expect((await auditOf('donation.verify', d.id)).details).toMatchObject({ before: { state: 'reported' }, after: { state: 'verified' } });
  });

  it('deletes a donation with an audit row, and the leaderboard follows', async () => {
    const team = await insertTeam(app.db);
    const d = only(await app.db.insert(donations).values({ signupId: team.id, amount: 1234, paymentMethod: 'cash' }).returning());
    expect(await teamTotal(team.id)).toBe(1234);
    expect((await call('DELETE', `/api/admin/donations/${d.id}`, admin)).statusCode).toBe(200);
    expect(await teamTotal(team.id)).toBe(0);
    expect((await auditOf('donation.delete', d.id)).details).toMatchObject({ before: { amount: 1234 }, after: null });
  });

  it('can keep team-reported donations out of public totals until verified', async () => {
    const team = await insertTeam(app.db);
    await app.db.insert(donations).values([
      { signupId: team.id, amount: 300, paymentMethod: 'cash', source: 'participant', state: 'reported' },
      { signupId: team.id, amount: 500, paymentMethod: 'cash', source: 'organiser', state: 'verified' },
    ]);
    const all = (await leaderboard(app.db, await app.rallySettings(), { verifiedOnly: false })).find((e) => e.signupId === team.id);
    const verified = (await leaderboard(app.db, await app.rallySettings(), { verifiedOnly: true })).find((e) => e.signupId === team.id);
    expect(all).toMatchObject({ donationTotal: 800, donationCount: 2 });
    expect(verified).toMatchObject({ donationTotal: 500, donationCount: 1 });
  });

  it('exports the filtered ledger as formula-safe CSV', async () => {
    const team = await insertTeam(app.db, { teamName: '=HYPERLINK("http://evil")' });
    await app.db
      .insert(donations)
      .values({ signupId: team.id, amount: 2550, paymentMethod: 'cash', donorName: '+44 Donor', message: '@SUM(A1)' });
    const res = await call('GET', `/api/admin/donations/export.csv?signupId=${team.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    if (!header || !row) throw new Error('expected a header and a row in the CSV');
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Team name')).toBe(`'=HYPERLINK("http://evil")`);
    expect(cell('Donor name')).toBe("'+44 Donor");
    expect(cell('Message')).toBe("'@SUM(A1)");
    expect(cell('Amount (GBP)')).toBe('25.50');
    expect(cell('Source')).toBe('Reported by the team');
  });

  it('adds up money raised week by week', async () => {
    const before: { week: string; total: number }[] = (await call('GET', '/api/admin/donations/weekly', admin)).json();
    const team = await insertTeam(app.db);
    await app.db.insert(donations).values([
      { signupId: team.id, amount: 1000, paymentMethod: 'cash', createdAt: new Date('2020-01-06T10:00:00Z') },
      { signupId: team.id, amount: 500, paymentMethod: 'cash', createdAt: new Date('2020-01-12T23:00:00Z') },
      { signupId: team.id, amount: 250, paymentMethod: 'cash', createdAt: new Date('2020-01-20T09:00:00Z') },
    ]);
    const res = await call('GET', '/api/admin/donations/weekly', admin);
    expect(res.statusCode).toBe(200);
    const weeks: { week: string; total: number }[] = res.json();
    expect(weeks.slice(0, 2)).toEqual([
      { week: '2020-01-06', total: 1500 },
      { week: '2020-01-20', total: 1750 },
    ]);
    expect(weeks.at(-1)!.total).toBe((before.at(-1)?.total ?? 0) + 1750);
  });
});
