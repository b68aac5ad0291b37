import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { users } from '../../db/schema';
import { EVENT_STREAM_URLS, openEventStream } from '../../test/event-stream';

/**
 * Walks every registered organiser route (everything under /api/admin/, the manual donation entry
 * among them) as an organiser, who is let through. That a visitor and a rallier are refused on every
 * one is the prefix guard's test (plugins/auth.test.ts).
 */
let app: TestApp;
let adminCookie: string;
beforeAll(async () => {
  app = await createTestApp({ jobs: true }); // the credentials route answers 503 without its queue
  ({ cookie: adminCookie } = await signUpAdmin(app));
});
afterAll(() => app.close());

const isOrganiserRoute = (r: { method: string; url: string }) => r.url.startsWith('/api/admin/');
const concrete = (url: string) => url.replace(/:[^/.]+/g, '1').replace(/\*/g, 'x');

async function call(route: { method: string; url: string }, cookie?: string): Promise<{ statusCode: number }> {
  if (EVENT_STREAM_URLS.has(route.url)) {
    const stream = await openEventStream(app, route.url, cookie ? { cookie } : {});
    stream.close();
    return { statusCode: stream.status };
  }
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: cookie ? { cookie } : {},
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('organiser routes', () => {
  const organiserRoutes = () => app.routeTable.filter(isOrganiserRoute);

  it('are found by the walk', () => {
    const names = organiserRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/registrations',
      'PATCH /api/admin/registrations/:id',
      'DELETE /api/admin/registrations/:id',
      'GET /api/admin/registrations/export.csv',
      'POST /api/admin/registrations/donations',
      'GET /api/admin/audit',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('let an organiser through', async () => {
    for (const route of organiserRoutes()) {
      const res = await call(route, adminCookie);
      expect({ route, refused: [401, 403].includes(res.statusCode), failed: res.statusCode >= 500 }).toEqual({
        route,
        refused: false,
        failed: false,
      });
    }
  });

  it('refuse a percent-encoded admin path to a visitor, and tell nothing about unknown ones', async () => {
    expect((await app.inject('/api/%61dmin/signups')).statusCode).toBe(401);
    const unknown = await app.inject('/api/admin/no-such-route');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found' });
  });

  it('stop working at once when the admin flag is removed', async () => {
    const admin = await signUpAdmin(app);
    expect((await app.inject({ url: '/api/admin/signups', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    await app.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    expect((await app.inject({ url: '/api/admin/signups', headers: { cookie: admin.cookie } })).statusCode).toBe(403);
  });
});
