import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { auditLog, donations, signups } from '../../db/schema';
import { insertTeam } from '../../test/factories';
import { only } from '../../test/rows';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie } = await signUpAdmin(app));
});
afterAll(() => app.close());

const as = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie } });

describe('admin signups', () => {
  it('lists every signup with its details and donation figures, passports masked (no digits: the list does not decrypt) and medical data as "on file"', async () => {
    const s = await insertTeam(app.db, { driverPassport: '123454321', medicalConditions: 'Asthma', dietaryRequirements: null });
    await app.db.insert(donations).values([
      { signupId: s.id, amount: 1500, paymentMethod: 'cash' },
      { signupId: s.id, amount: 250, paymentMethod: 'cheque' },
    ]);
    const res = await as('GET', '/api/admin/signups');
    expect(res.statusCode).toBe(200);
    const row = res.json().find((x: { id: number }) => x.id === s.id);
    expect(row).toMatchObject({
      teamName: s.teamName,
      driverPhone: s.driverPhone,
      donationTotal: 1750,
      donationCount: 2,
      driverPassport: '•••••',
      coDriverPassport: null,
      medicalConditions: 'on file',
      dietaryRequirements: null,
    });
    expect(res.body).not.toContain('123454321');
    expect(res.body).not.toContain('Asthma');
  });

  it("reveals one team's values to an organiser and records who looked, at which team, when", async () => {
    const s = await insertTeam(app.db, {
      driverPassport: '123454321',
      coDriverPassport: 'X7654321',
      medicalConditions: 'Asthma',
      dietaryRequirements: 'Vegan',
    });
    const before = Date.now();
    const res = await as('GET', `/api/admin/registrations/${s.id}/sensitive`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: s.id,
      driverPassport: '123454321',
      coDriverPassport: 'X7654321',
      medicalConditions: 'Asthma',
      dietaryRequirements: 'Vegan',
    });
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'signup.reveal_sensitive'));
    const entry = entries.find((e) => e.targetId === String(s.id))!;
    expect(entry.actorEmail).toMatch(/@example\.test$/);
    expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(entry.details)).not.toContain('123454321');
    expect((await as('GET', '/api/admin/registrations/999999/sensitive')).statusCode).toBe(404);
    const { cookie: rallier } = await signUp(app);
    expect((await app.inject({ url: `/api/admin/registrations/${s.id}/sensitive`, headers: { cookie: rallier } })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/admin/registrations/${s.id}/sensitive` })).statusCode).toBe(401);
  });

  it('edits only the fields sent, with the partial signup rules, and records who did it', async () => {
    const s = await insertTeam(app.db, { previousRally: true, previousRallyYears: [2016, 2018], carMake: 'Mini' });
    const bad = await as('PATCH', `/api/admin/signups/${s.id}`, { teamName: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Team name is required');
    const badEmail = await as('PATCH', `/api/admin/signups/${s.id}`, { driverEmail: 'nope' });
    expect(badEmail.json().message).toBe('Valid email is required');

    const res = await as('PATCH', `/api/admin/signups/${s.id}`, { teamName: 'Renamed Rascals', coDriverPassport: 'X987', carModel: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().coDriverPassport).toBe('•••••');
    const [row] = await app.db.select().from(signups).where(eq(signups.id, s.id));
    expect(row).toMatchObject({
      teamName: 'Renamed Rascals',
      coDriverPassport: 'X987',
      carModel: null,
      carMake: 'Mini',
      previousRally: true,
      previousRallyYears: [2016, 2018],
    });

    const entry = only(
      await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(s.id))),
    );
    expect(entry).toMatchObject({ action: 'signup.update', targetType: 'signup' });
    expect(entry.actorEmail).toMatch(/@example\.test$/);
    expect(JSON.stringify(entry.details)).not.toContain('X987');
  });

  it('refuses unknown fields and unknown ids', async () => {
    const s = await insertTeam(app.db);
    expect((await as('PATCH', `/api/admin/signups/${s.id}`, { isAdmin: true })).statusCode).toBe(400);
    expect((await as('PATCH', '/api/admin/signups/999999', { teamName: 'Ghost' })).statusCode).toBe(404);
    expect((await as('DELETE', '/api/admin/signups/999999')).statusCode).toBe(404);
  });

  it('deletes a signup together with its donations', async () => {
    const s = await insertTeam(app.db);
    const other = await insertTeam(app.db);
    await app.db.insert(donations).values([
      { signupId: s.id, amount: 1000, paymentMethod: 'cash' },
      { signupId: other.id, amount: 500, paymentMethod: 'cash' },
    ]);
    const res = await as('DELETE', `/api/admin/signups/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(signups).where(eq(signups.id, s.id))).toEqual([]);
    expect(await app.db.select().from(donations).where(eq(donations.signupId, s.id))).toEqual([]);
    expect(await app.db.select().from(donations).where(eq(donations.signupId, other.id))).toHaveLength(1);
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'signup.delete'));
    expect(entries.some((e) => e.targetId === String(s.id))).toBe(true);
  });
});

describe("an organiser's edit of the co-driver address", () => {
  it("ends the accepted co-driver's access when the address changes, and keeps it for the same address in another case", async () => {
    const email = `accepted-${Date.now()}@example.test`;
    const coDriver = await signUp(app, { email });
    const team = await insertTeam(app.db, { coDriverEmail: email, coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() });
    const mine = () => app.inject({ url: '/api/my-signup', headers: { cookie: coDriver.cookie } });

    expect((await as('PATCH', `/api/admin/signups/${team.id}`, { coDriverEmail: email.toUpperCase() })).statusCode).toBe(200);
    expect((await mine()).json()).toMatchObject({ id: team.id, role: 'co-driver' });

    expect(
      (await as('PATCH', `/api/admin/signups/${team.id}`, { coDriverEmail: `someone-else-${Date.now()}@example.test` })).statusCode,
    ).toBe(200);
    expect((await mine()).statusCode).toBe(404);
    expect(only(await app.db.select().from(signups).where(eq(signups.id, team.id)))).toMatchObject({
      coDriverUserId: null,
      coDriverAcceptedAt: null,
    });
  });
});

describe('registrations CSV', () => {
  it('has one row per team with every field, and neutralises formula-like cells', async () => {
    const s = await insertTeam(app.db, {
      teamName: '=HYPERLINK("http://evil.example","click")',
      driverAddress: '+44 Rue',
      dietaryRequirements: '-1+2',
      medicalConditions: '@SUM(A1)',
      carRegistration: '\tJSY 1',
      coDriverAddress: '\rcarriage',
      driverPassport: 'P-1',
      sponsors: [{ name: 'Acme', url: 'https://acme.example' }],
    });
    const res = await as('GET', '/api/admin/registrations/export.csv?sensitive=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="rally-registrations-.*\.csv"/);
    const records: Record<string, string>[] = parse(res.body, { columns: true, bom: true, relax_quotes: true });
    const count = (await app.db.select().from(signups)).length;
    expect(records).toHaveLength(count);
    const row = records.find((r) => r.ID === String(s.id))!;
    expect(row['Team name']).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row['Driver address']).toBe("'+44 Rue");
    expect(row['Dietary requirements']).toBe("'-1+2");
    expect(row['Medical conditions']).toBe("'@SUM(A1)");
    expect(row['Car registration']).toBe("'\tJSY 1");
    expect(row['Co-driver address']).toBe("'\rcarriage");
    expect(row['Driver passport']).toBe('P-1');
    expect(row['Driver email']).toBe(s.driverEmail);
    expect(row.Sponsors).toBe('Acme (https://acme.example)');
    for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('leaves passports, medical and dietary data out unless asked, and records which export was made', async () => {
    const s = await insertTeam(app.db, { driverPassport: 'PP998877', medicalConditions: 'Diabetes', dietaryRequirements: 'No nuts' });
    const res = await as('GET', '/api/admin/registrations/export.csv');
    expect(res.statusCode).toBe(200);
    const records: Record<string, string>[] = parse(res.body, { columns: true, bom: true, relax_quotes: true });
    const row = records.find((r) => r.ID === String(s.id))!;
    expect(row['Team name']).toBe(s.teamName);
    for (const heading of ['Driver passport', 'Co-driver passport', 'Medical conditions', 'Dietary requirements'])
      expect(Object.keys(row)).not.toContain(heading);
    for (const value of ['PP998877', 'Diabetes', 'No nuts']) expect(res.body).not.toContain(value);

    const exports = (await app.db.select().from(auditLog).where(eq(auditLog.action, 'signups.export'))).map(
      (e) => e.details as { includesSensitive: boolean },
    );
    expect(exports.filter((d) => d.includesSensitive)).toHaveLength(1);
    expect(exports.filter((d) => !d.includesSensitive)).toHaveLength(1);
    expect((await as('GET', '/api/admin/registrations/export.csv?sensitive=yes')).statusCode).toBe(400);
  });
});

describe('manual donation entry', () => {
  it('records pence, the Anonymous rules, and an audit entry', async () => {
    const s = await insertTeam(app.db);
    const res = await as('POST', '/api/donations', {
      signupId: s.id,
      amount: 2550,
      donorName: 'Jo Bloggs',
      donorEmail: 'jo@example.test',
      isAnonymous: true,
      paymentMethod: 'cheque',
      message: 'Go team',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      signupId: s.id,
      amount: 2550,
      donorName: 'Anonymous',
      donorEmail: null,
      isAnonymous: true,
      paymentMethod: 'cheque',
      currency: 'GBP',
    });
    const blank = await as('POST', '/api/donations', { signupId: s.id, amount: 100, donorName: '  ', paymentMethod: 'cash' });
    expect(blank.json().donorName).toBe('Anonymous');
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'donation.create'));
    expect(entries.filter((e) => (e.details as { signupId: number }).signupId === s.id)).toHaveLength(2);
  });

  it('refuses bad amounts, methods the admin form does not offer, and unknown teams', async () => {
    const s = await insertTeam(app.db);
    const zero = await as('POST', '/api/donations', { signupId: s.id, amount: 0, paymentMethod: 'cash' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Amount must be greater than 0');
    expect((await as('POST', '/api/donations', { signupId: s.id, amount: 100, paymentMethod: 'gocardless' })).statusCode).toBe(400);
    expect((await as('POST', '/api/donations', { signupId: 999999, amount: 100, paymentMethod: 'cash' })).statusCode).toBe(404);
  });

  it('records a double submit once', async () => {
    const s = await insertTeam(app.db);
    const body = { signupId: s.id, amount: 1234, donorName: 'Twice', paymentMethod: 'cash', idempotencyKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([as('POST', '/api/donations', body), as('POST', '/api/donations', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await as('POST', '/api/donations', body);
    expect(again.statusCode).toBe(200);
    expect(await app.db.select().from(donations).where(eq(donations.signupId, s.id))).toHaveLength(1);
    const changed = await as('POST', '/api/donations', { ...body, amount: 999 });
    expect(changed.statusCode).toBe(409);
  });
});
