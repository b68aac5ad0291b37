import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { AUDIT_PAGE_SIZE } from './routes';

let app: TestApp;
let cookie: string;
let adminEmail: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie, email: adminEmail } = await signUpAdmin(app));
});
afterAll(() => app.close());

describe('audit log', () => {
  it('lists organisers’ actions newest first, with who, what, when and which record, a page at a time', async () => {
    const s = await insertTeam(app.db);
    for (let i = 0; i < AUDIT_PAGE_SIZE; i++) {
      await app.inject({ method: 'PATCH', url: `/api/admin/signups/${s.id}`, headers: { cookie }, payload: { carMake: `Make ${i}` } });
    }
    await app.inject({ method: 'DELETE', url: `/api/admin/signups/${s.id}`, headers: { cookie } });

    const first = await app.inject({ url: '/api/admin/audit', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: AUDIT_PAGE_SIZE, total: AUDIT_PAGE_SIZE + 1 });
    expect(body.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(body.entries[0]).toMatchObject({
      action: 'signup.delete',
      targetType: 'signup',
      targetId: String(s.id),
      actorEmail: adminEmail,
    });
    expect(Date.parse(body.entries[0].createdAt)).toBeGreaterThan(0);

    const second = (await app.inject({ url: '/api/admin/audit?page=2', headers: { cookie } })).json();
    expect(second.entries).toHaveLength(1);
    expect(second.entries[0]).toMatchObject({ action: 'signup.update', details: { fields: ['carMake'] } });
  });

  it('refuses a bad page number', async () => {
    expect((await app.inject({ url: '/api/admin/audit?page=0', headers: { cookie } })).statusCode).toBe(400);
  });
});
