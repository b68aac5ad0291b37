import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, donations, sessions, signups, teamPositions, teamTracking, users } from '../../db/schema';
import { startWorkers } from '../../services/workers';
import { teamInput } from '../../../common/factories';
import { purgeSensitiveData, RETENTION_CRON, RETENTION_QUEUE, sensitiveDataDeleteAfter } from './retention';
import { only } from '../../test/rows';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  app = await createTestApp({ jobs: true });
  await startWorkers(app);
  admin = await signUpAdmin(app);
});
afterAll(() => app.close());

/** A rallier with an account, a team with passports and medical data, and one donation. */
async function rallierWithTeam(overrides: Record<string, unknown> = {}) {
  const person = await signUp(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/signups',
    headers: { cookie: person.cookie },
    payload: teamInput({
      driverEmail: person.email,
      driverPassport: 'GB1234567',
      coDriverFirstName: 'Cora',
      coDriverPassport: 'GB7654321',
      medicalConditions: 'Asthma',
      dietaryRequirements: 'Vegan',
      ...overrides,
    }),
  });
  expect(created.statusCode).toBe(201);
  const signupId: number = created.json().id;
  await app.db
    .update(signups)
    .set({ sponsors: [{ name: 'Acme Garage', url: 'https://acme.example' }] })
    .where(eq(signups.id, signupId));
  const gift = await app.inject({
    method: 'POST',
    url: '/api/my-donations',
    headers: { cookie: person.cookie },
    payload: { amount: 2500, paymentMethod: 'cash', donorName: 'Gran' },
  });
  expect(gift.statusCode).toBe(201);
  return { ...person, signupId };
}

describe('the privacy facts', () => {
  it('name the organisation, the contact and how long sensitive data is kept', async () => {
    const res = await app.inject({ url: '/api/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organisationName: 'Jersey Charity Rally',
      contact: 'info@jerseycharityrally.org',
      retentionDays: 30,
      deleteAfter: '2026-10-13',
    });
  });
});

describe('download my data', () => {
  it('gives the account, its team with sponsors and sensitive values, and the donations, as a JSON file', async () => {
    const r = await rallierWithTeam();
    const res = await app.inject({ url: '/api/my-privacy/data', headers: { cookie: r.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-rally-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ id: r.user.id, email: r.email, firstName: 'Test' });
    expect(data.account).not.toHaveProperty('password');
    expect(data.teams).toHaveLength(1);
    expect(data.teams[0]).toMatchObject({
      id: r.signupId,
      driverPassport: 'GB1234567',
      medicalConditions: 'Asthma',
      sponsors: [{ name: 'Acme Garage', url: 'https://acme.example' }],
    });
    expect(data.donations).toEqual([expect.objectContaining({ signupId: r.signupId, amount: 2500, donorName: 'Gran' })]);
  });

  it('is for signed-in people only, and holds only their own data', async () => {
    expect((await app.inject({ url: '/api/my-privacy/data' })).statusCode).toBe(401);
    await rallierWithTeam({ teamName: 'Someone Else Entirely' });
    const loner = await signUp(app);
    const res = await app.inject({ url: '/api/my-privacy/data', headers: { cookie: loner.cookie } });
    expect(res.json().teams).toEqual([]);
    expect(res.body).not.toContain('Someone Else Entirely');
  });
});

describe('delete my account', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const r = await rallierWithTeam();
    const wrong = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: r.cookie },
      payload: { password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Password is incorrect');
    const missing = await app.inject({ method: 'DELETE', url: '/api/my-privacy/account', headers: { cookie: r.cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await app.db.select().from(users).where(eq(users.id, r.user.id))).toHaveLength(1);
    expect((await app.inject({ url: '/api/my-signup', headers: { cookie: r.cookie } })).statusCode).toBe(200);
  });

  it("erases the account and its team's personal fields, ends every session, keeps the donations and records it", async () => {
    const r = await rallierWithTeam();
    const secondLogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: r.email, password: r.password } });
    const otherCookie = `sid=${secondLogin.cookies.find((c) => c.name === 'sid')!.value}`;
    const totalBefore = (await app.inject({ url: '/api/leaderboard' })).json().find((e: { signupId: number }) => e.signupId === r.signupId);
    expect(totalBefore).toMatchObject({ donationTotal: 2500 });

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: r.cookie },
      payload: { password: r.password },
    });
    expect(res.statusCode).toBe(200);

    expect(await app.db.select().from(users).where(eq(users.id, r.user.id))).toEqual([]);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, r.user.id))).toEqual([]);
    for (const cookie of [r.cookie, otherCookie])
      expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).json()).toBeNull();
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: r.email, password: r.password } })).statusCode,
    ).toBe(401);

    const [team] = await app.db.select().from(signups).where(eq(signups.id, r.signupId));
    expect(team).toMatchObject({
      userId: null,
      teamName: `Withdrawn team ${r.signupId}`,
      driverFirstName: 'Withdrawn',
      driverEmail: '',
      driverPhone: '',
      driverAddress: '',
      driverPassport: null,
      coDriverFirstName: null,
      coDriverPassport: null,
      medicalConditions: null,
      dietaryRequirements: null,
      emergencyContactPhone: '',
    });
    expect(JSON.stringify(team)).not.toContain(r.email);
    expect(await app.db.select().from(donations).where(eq(donations.signupId, r.signupId))).toHaveLength(1);
    const totalAfter = (await app.inject({ url: '/api/leaderboard' })).json().find((e: { signupId: number }) => e.signupId === r.signupId);
    expect(totalAfter).toMatchObject({ donationTotal: 2500, donationCount: 1 });

    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.targetId, r.user.id));
    expect(entry).toMatchObject({ action: 'privacy.erase', targetType: 'user', details: { teams: 1, by: 'account holder' } });
    expect(JSON.stringify(entry)).not.toContain(r.email);
  });
});

/**
 * A driver's team with a co-driver who has their own account and accepted the invitation (as the
 * invitation link, or the migration for earlier co-drivers, records it), each with their own details.
 */
async function teamWithCoDriver() {
  const coDriver = await signUp(app);
  const driver = await rallierWithTeam({
    coDriverEmail: coDriver.email,
    coDriverPhone: '+44 7700 900999',
    coDriverAddress: '9 Co-driver Lane, Gorey',
  });
  await app.db
    .update(signups)
    .set({ coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() })
    .where(eq(signups.id, driver.signupId));
  return { driver, coDriver };
}

const myData = async (cookie: string) => (await app.inject({ url: '/api/my-privacy/data', headers: { cookie } })).json();
const coDriverSecrets = ['GB7654321', '900999', 'Co-driver Lane'];
const driverSecrets = ['GB1234567', '900123', 'Rue des Pres', 'Asthma', 'Vegan', 'Tom Le Brocq'];

describe('personal data follows the person, not the team', () => {
  it("the driver's export holds their own details in full and never the co-driver's passport, address or phone", async () => {
    const { driver, coDriver } = await teamWithCoDriver();
    const data = await myData(driver.cookie);
    expect(data.teams).toEqual([expect.objectContaining({ id: driver.signupId, role: 'driver', driverPassport: 'GB1234567' })]);
    expect(data.teams[0]).toMatchObject({ coDriverFirstName: 'Cora', coDriverEmail: coDriver.email });
    for (const secret of coDriverSecrets) expect(JSON.stringify(data)).not.toContain(secret);
  });

  it("the co-driver's export lists their team with their own details in full and none of the driver's", async () => {
    const { driver, coDriver } = await teamWithCoDriver();
    const data = await myData(coDriver.cookie);
    expect(data.teams).toEqual([
      expect.objectContaining({
        id: driver.signupId,
        role: 'co-driver',
        coDriverPassport: 'GB7654321',
        coDriverPhone: '+44 7700 900999',
        coDriverAddress: '9 Co-driver Lane, Gorey',
      }),
    ]);
    expect(data.donations).toEqual([expect.objectContaining({ signupId: driver.signupId, amount: 2500 })]);
    for (const secret of [driver.email, ...driverSecrets]) expect(JSON.stringify(data)).not.toContain(secret);
  });

  it("deleting the co-driver's account erases their own fields on the team, which stays the driver's", async () => {
    const { driver, coDriver } = await teamWithCoDriver();
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: coDriver.cookie },
      payload: { password: coDriver.password },
    });
    expect(res.statusCode).toBe(200);
    const team = only(await app.db.select().from(signups).where(eq(signups.id, driver.signupId)));
    expect(team).toMatchObject({
      userId: driver.user.id,
      driverPassport: 'GB1234567',
      coDriverFirstName: null,
      coDriverEmail: null,
      coDriverPhone: null,
      coDriverAddress: null,
      coDriverPassport: null,
      coDriverUserId: null,
    });
    expect((await app.inject({ url: '/api/my-signup', headers: { cookie: driver.cookie } })).json()).toMatchObject({
      id: driver.signupId,
      coDriverStatus: 'none',
    });
  });
});

describe('organisers acting on a request by post or e-mail', () => {
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

  it("export a person's data by e-mail address, recorded in the audit log", async () => {
    const r = await rallierWithTeam();
    const res = await as('GET', `/api/admin/privacy/export?email=${encodeURIComponent(r.email.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.email).toBe(r.email);
    expect(res.json().teams[0].driverPassport).toBe('GB1234567');
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.export'));
    expect(entries.find((e) => e.targetId === r.user.id)?.actorEmail).toBe(admin.email);
    expect((await as('GET', '/api/admin/privacy/export?email=nobody@example.test')).statusCode).toBe(404);
    expect((await as('GET', '/api/admin/privacy/export?email=not-an-address')).statusCode).toBe(400);
  });

  it('erase a person by e-mail address, including a team registered without an account', async () => {
    const r = await rallierWithTeam();
    const email = `no-account-${Date.now()}@example.test`;
    const orphan = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ driverEmail: email, driverPassport: 'ORPHAN123' }),
    });
    expect(orphan.statusCode).toBe(201);

    const res = await as('POST', '/api/admin/privacy/erase', { email: r.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, account: true, teams: 1 });
    expect(await app.db.select().from(users).where(eq(users.id, r.user.id))).toEqual([]);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: r.cookie } })).json()).toBeNull();

    const second = await as('POST', '/api/admin/privacy/erase', { email });
    expect(second.json()).toEqual({ ok: true, account: false, teams: 1 });
    const team = only(await app.db.select().from(signups).where(eq(signups.id, orphan.json().id)));
    expect(team).toMatchObject({ driverEmail: '', driverPassport: null });

    const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.erase'));
    expect(entries.filter((e) => e.actorEmail === admin.email)).toHaveLength(2);
    expect((await as('POST', '/api/admin/privacy/erase', { email: 'nobody@example.test' })).statusCode).toBe(404);
    expect((await as('POST', '/api/admin/privacy/erase', { email: admin.email })).statusCode).toBe(400);
  });
});

describe('the retention purge', () => {
  it('is scheduled daily in the job queue', async () => {
    const schedules = await app.jobs!.getSchedules();
    expect(schedules.find((s) => s.name === RETENTION_QUEUE)?.cron).toBe(RETENTION_CRON);
  });

  it("keeps the data until the retention after the last day, then erases it for that rally's teams with one audit row", async () => {
    const r = await rallierWithTeam();
    const other = only(
      await app.db
        .insert(signups)
        .values({ ...only(await app.db.select().from(signups).where(eq(signups.id, r.signupId))), id: undefined, rallyYear: 2027 })
        .returning(),
    );
    const deadline = sensitiveDataDeleteAfter(await app.rallySettings(), 30);
    expect(deadline.toISOString()).toBe('2026-10-13T23:59:59.999Z');

    expect(await purgeSensitiveData(app.db, { now: new Date('2026-10-13T12:00:00Z'), retentionDays: 30 })).toBe(0);
    let team = only(await app.db.select().from(signups).where(eq(signups.id, r.signupId)));
    expect(team.driverPassport).toBe('GB1234567');

    const purged = await purgeSensitiveData(app.db, {
      now: new Date('2026-10-14T00:00:01Z'),
      retentionDays: 30,
    });
    const teams2026 = (await app.db.select().from(signups).where(eq(signups.rallyYear, 2026))).length;
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(purged).toBeLessThanOrEqual(teams2026);
    team = only(await app.db.select().from(signups).where(eq(signups.id, r.signupId)));
    expect(team).toMatchObject({
      driverPassport: null,
      coDriverPassport: null,
      medicalConditions: null,
      dietaryRequirements: null,
      teamName: team.teamName,
      driverPhone: team.driverPhone,
    });
    // Next year's team keeps its data.
    const next = only(await app.db.select().from(signups).where(eq(signups.id, other.id)));
    expect(next.driverPassport).toBe('GB1234567');

    const rows = await app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.purge_sensitive'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorEmail: null, details: { teams: purged, upToRallyYear: 2026, retentionDays: 30 } });

    // The next day's run finds nothing and writes nothing.
    expect(await purgeSensitiveData(app.db, { now: new Date('2026-10-15T04:23:00Z'), retentionDays: 30 })).toBe(0);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.purge_sensitive'))).toHaveLength(1);
  });
});

describe('team positions (features/tracking) are personal data', () => {
  /** The team shares its position and has one stored, as the rally app would post it. */
  async function sharingWithPosition(r: { cookie: string }) {
    expect(
      (await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: r.cookie }, payload: { sharing: true } })).statusCode,
    ).toBe(200);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/my-tracking/positions',
      headers: { cookie: r.cookie },
      payload: { lat: 49.183219, lng: -2.106451, accuracy: 6, recordedAt: new Date().toISOString(), clientId: 'privacy-1' },
    });
    expect(posted.json()).toEqual({ stored: true });
    await app.inject({ method: 'POST', url: '/api/my-tracking/tracker-address', headers: { cookie: r.cookie } });
  }
  const positionsOf = (signupId: number) => app.db.select().from(teamPositions).where(eq(teamPositions.signupId, signupId));
  const trackingOf = (signupId: number) => app.db.select().from(teamTracking).where(eq(teamTracking.signupId, signupId));

  it("are in the team members' data download", async () => {
    const r = await rallierWithTeam();
    await sharingWithPosition(r);
    const data = (await app.inject({ url: '/api/my-privacy/data', headers: { cookie: r.cookie } })).json();
    expect(data.positions).toEqual([
      { signupId: r.signupId, lat: 49.183219, lng: -2.106451, accuracy: 6, recordedAt: expect.any(String), source: 'app' },
    ]);
  });

  it('go with the driver when the account is deleted', async () => {
    const r = await rallierWithTeam();
    await sharingWithPosition(r);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/my-privacy/account',
      headers: { cookie: r.cookie },
      payload: { password: r.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await positionsOf(r.signupId)).toEqual([]);
    expect(await trackingOf(r.signupId)).toEqual([]);
  });

  it("are erased with the season's other sensitive data, with the tracker address; the next season's stay", async () => {
    const r = await rallierWithTeam();
    await sharingWithPosition(r);
    const next = only(
      await app.db
        .insert(signups)
        .values({ ...only(await app.db.select().from(signups).where(eq(signups.id, r.signupId))), id: undefined, rallyYear: 2027 })
        .returning(),
    );
    await app.db
      .insert(teamPositions)
      .values({ signupId: next.id, rallyYear: 2027, lat: 1, lng: 1, recordedAt: new Date(), source: 'owntracks', clientId: 'n1' });

    await purgeSensitiveData(app.db, { now: new Date('2026-10-13T12:00:00Z'), retentionDays: 30 });
    expect(await positionsOf(r.signupId)).toHaveLength(1);

    await purgeSensitiveData(app.db, { now: new Date('2026-10-14T00:00:01Z'), retentionDays: 30 });
    expect(await positionsOf(r.signupId)).toEqual([]);
    expect(await trackingOf(r.signupId)).toEqual([]);
    expect(await positionsOf(next.id)).toHaveLength(1);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.purge_sensitive'));
    expect(audit.at(-1)?.details).toMatchObject({ positions: expect.any(Number), upToRallyYear: 2026 });
    expect((audit.at(-1)?.details as { positions: number }).positions).toBeGreaterThanOrEqual(1);
  });
});
