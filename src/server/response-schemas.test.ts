import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { signUp } from './test/auth';
import { teamInput } from '../common/factories';

/**
 * Every JSON answer has a declared schema (src/common/schemas/): the serializer sends only the
 * keys it lists, and the web client takes its types from the same schema.
 */

/** Routes under /api/ whose answer is not JSON built by the handler, each with the reason. */
const notJson: Record<string, string> = {
  'GET /api/auth/login-page': 'a redirect to the login page',
  'GET /api/admin/registrations/export.csv': 'a CSV download',
  'GET /api/admin/donations/export.csv': 'a CSV download',
  'GET /api/admin/contacts/export.csv': 'a CSV download',
  'GET /api/my-privacy/data': 'a JSON file download, serialised by the route (the serializer never sees a string)',
  'GET /api/admin/privacy/export': 'a JSON file download, serialised by the route (the serializer never sees a string)',
  'GET /api/live-events': 'a Server-Sent Events stream written on the raw response',
  'GET /api/admin/live-events': "the organisers' Server-Sent Events stream, written on the raw response",
};

// A private value slipped into what the queries return, as a careless change to a query would:
// only the schemas stand between it and the answer.
const LEAK = 'private-value-that-must-not-leak';
vi.mock('./features/fundraising/queries', async (importOriginal) => {
  const original = await importOriginal<typeof import('./features/fundraising/queries')>();
  return {
    ...original,
    listPublicTeams: async (...args: Parameters<typeof original.listPublicTeams>) =>
      (await original.listPublicTeams(...args)).map((team) => ({ ...team, driverEmail: LEAK })),
  };
});
vi.mock('./services/donation-view', async (importOriginal) => {
  const original = await importOriginal<typeof import('./services/donation-view')>();
  return {
    ...original,
    toMyDonation: (...args: Parameters<typeof original.toMyDonation>) => ({ ...original.toMyDonation(...args), idempotencyKey: LEAK }),
  };
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('response schemas', () => {
  it('every JSON route under /api/ declares its answer', () => {
    const api = app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(api.filter((r) => !r.response && !notJson[key(r)]).map(key)).toEqual([]);
    // The list stays honest: no route that is gone, none that has a schema after all.
    const undeclared = new Set(api.filter((r) => !r.response).map(key));
    expect(Object.keys(notJson).filter((k) => !undeclared.has(k))).toEqual([]);
  });

  it('strips a key the schema does not list: from a cached public answer and from a serialised one', async () => {
    const user = await signUp(app);
    const team = await app.inject({
      method: 'POST',
      url: '/api/signups',
      headers: { cookie: user.cookie },
      payload: teamInput({ driverEmail: user.email }),
    });
    expect(team.statusCode).toBe(201);
    const donation = await app.inject({
      method: 'POST',
      url: '/api/my-donations',
      headers: { cookie: user.cookie },
      payload: { amount: 500, paymentMethod: 'cash' },
    });
    expect(donation.statusCode).toBe(201);

    const publicList = await app.inject({ url: '/api/signups' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toHaveLength(1);
    expect(publicList.body).not.toContain(LEAK);
    // The mock is in force (a module loaded before it would make the check above pass vacuously).
    const { listPublicTeams } = await import('./features/fundraising/queries');
    expect((await listPublicTeams(app.db, await app.rallySettings()))[0]).toMatchObject({ driverEmail: LEAK });

    const mine = await app.inject({ url: '/api/my-donations', headers: { cookie: user.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.body).not.toContain(LEAK);
    expect(donation.body).not.toContain(LEAK);
  });
});
