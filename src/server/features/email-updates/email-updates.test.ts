import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { emailUpdates } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const subscribe = (payload: unknown) => app.inject({ method: 'POST', url: '/api/email-updates', payload: payload as object });
const rows = () => app.db.select().from(emailUpdates);

describe('POST /api/email-updates', () => {
  it('stores a subscription', async () => {
    const res = await subscribe({ name: '  Jane Renouf ', email: 'jane@example.je' });
    expect(res.statusCode).toBe(201);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Jane Renouf', email: 'jane@example.je' });
  });

  it('answers success for the same e-mail again but keeps one row', async () => {
    const again = await subscribe({ name: 'Jane R', email: 'JANE@example.je' });
    expect(again.statusCode).toBe(201);
    const stored = (await rows()).filter((r) => r.email.toLowerCase() === 'jane@example.je');
    expect(stored).toHaveLength(1);
    expect(stored[0].name).toBe('Jane Renouf');
  });

  it('rejects a missing name with the spec message and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await subscribe({ name: '   ', email: 'someone@example.je' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name is required');
    expect((await subscribe({ email: 'someone@example.je' })).json().message).toBe('Name is required');
    expect((await rows()).length).toBe(before);
  });

  it('rejects a malformed e-mail and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await subscribe({ name: 'Sam', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['email']);
    expect((await subscribe({ name: 'Sam' })).statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/email-updates', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
  });
});
