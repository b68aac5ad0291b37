import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { dataKey, seal } from '../../field-cipher';
import { SENSITIVE_COLUMNS } from '../../db/sensitive-values';

// A database restored without its key: every sensitive value sealed under a key this site does not hold.
let app: TestApp;
let cookie: string;
let teamId: number;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie } = await signUpAdmin(app));
  const team = await insertTeam(app.db, { driverPassport: '123454321', coDriverPassport: 'X7654321', medicalConditions: 'Asthma' });
  teamId = team.id;
  const foreignKey = dataKey(randomBytes(32));
  for (const column of SENSITIVE_COLUMNS) {
    const col = sql.identifier(column);
    await app.db.execute(
      sql`update signups set ${col} = ${seal(foreignKey, 'sealed elsewhere', column)} where id = ${teamId} and ${col} is not null`,
    );
  }
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: { cookie } });

describe('sealed values the site cannot open', () => {
  it('leave the registrations list answering, masked from what is stored without decrypting', async () => {
    const res = await get('/api/admin/signups');
    expect(res.statusCode).toBe(200);
    expect(res.json().find((row: { id: number }) => row.id === teamId)).toMatchObject({
      driverPassport: '•••••',
      coDriverPassport: '•••••',
      medicalConditions: 'on file',
      dietaryRequirements: null,
    });
  });

  it('leave the export without sensitive columns and an edit of other fields working', async () => {
    expect((await get('/api/admin/registrations/export.csv')).statusCode).toBe(200);
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/admin/signups/${teamId}`,
      payload: { carMake: 'Mini' },
      headers: { cookie },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ carMake: 'Mini', driverPassport: '•••••', medicalConditions: 'on file' });
  });

  it('leave a donation an organiser records, with its e-mails, and a confirmation working', async () => {
    const donation = await app.inject({
      method: 'POST',
      url: '/api/donations',
      payload: { signupId: teamId, amount: 500, paymentMethod: 'cash', donorName: 'Pat', donorEmail: 'pat@example.org' },
      headers: { cookie },
    });
    expect(donation.statusCode).toBe(201);
    const confirm = await app.inject({
      method: 'PATCH',
      url: `/api/admin/registrations/${teamId}/status`,
      payload: { status: 'confirmed' },
      headers: { cookie },
    });
    expect(confirm.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(app.mail.sent.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/confirmed/i)])),
    );
    expect(app.mail.sent.map((m) => m.to)).toContain('pat@example.org');
  });

  it('leave the contacts list answering', async () => {
    expect((await get('/api/admin/contacts')).statusCode).toBe(200);
  });

  it("make a reveal say that the site's key is not the one they were sealed with", async () => {
    for (const url of [`/api/admin/registrations/${teamId}/sensitive`, '/api/admin/registrations/export.csv?sensitive=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/encryption key is not the one they were sealed with/);
    }
  });
});
