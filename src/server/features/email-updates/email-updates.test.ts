import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { emailUpdates } from '../../db/schema';
import { SUBSCRIBE_LIMIT } from './routes';

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

  it('refuses a flood from one address with 429 and stores nothing more', async () => {
    const from = (i: number, remoteAddress = '10.0.0.9') =>
      app.inject({ method: 'POST', url: '/api/email-updates', remoteAddress, payload: { name: 'Bot', email: `bot${i}@example.je` } });
    for (let i = 0; i < SUBSCRIBE_LIMIT.max; i++) expect((await from(i)).statusCode).toBe(201);
    const before = (await rows()).length;
    const refused = await from(999);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await rows()).length).toBe(before);
    expect((await from(1000, '10.0.0.10')).statusCode).toBe(201);
  });
});
