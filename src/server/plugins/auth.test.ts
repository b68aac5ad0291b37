import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { EVENT_STREAM_URLS, openEventStream } from '../test/event-stream';

/**
 * The prefix guards (guardByPrefix): every route registered under /api/admin/ or /api/my-, those
 * of every feature and one added with no guard of its own, refuses a visitor, and under /api/admin/
 * a signed-in rallier too. The walk is built from the app's own route table.
 */
let app: TestApp;
let rallierCookie: string;
beforeAll(async () => {
  app = await createTestApp();
  // Added as a new feature might add it, naming no guard: its prefix guards it all the same.
  app.get('/api/admin/added-later', async () => 'organisers only');
  app.post('/api/my-added-later', async () => 'signed-in people only');
  ({ cookie: rallierCookie } = await signUp(app));
});
afterAll(() => app.close());

const concrete = (url: string) => url.replace(/:[^/.]+/g, '1').replace(/\*/g, 'x');

async function status(route: { method: string; url: string }, cookie?: string): Promise<number> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (EVENT_STREAM_URLS.has(route.url)) {
    const stream = await openEventStream(app, route.url, headers);
    stream.close();
    return stream.status;
  }
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url), headers, ...(withBody ? { payload: {} } : {}) });
  return res.statusCode;
}

const under = (prefix: string) => app.routeTable.filter((r) => r.url.startsWith(prefix));

describe('routes under /api/admin/ and /api/my-', () => {
  it('are all found by the walk, from every feature that has them', () => {
    const admin = under('/api/admin/').map((r) => `${r.method} ${r.url}`);
    const rallier = under('/api/my-').map((r) => `${r.method} ${r.url}`);
    for (const expected of ['GET /api/admin/registrations', 'GET /api/admin/live-events', 'GET /api/admin/added-later'])
      expect(admin).toContain(expected);
    for (const expected of ['GET /api/my-dashboard', 'POST /api/my-rally-app/sos', 'GET /api/my-privacy/data', 'POST /api/my-added-later'])
      expect(rallier).toContain(expected);
    expect(admin.length).toBeGreaterThan(100);
    expect(rallier.length).toBeGreaterThan(30);
  });

  it('answer 401 to a visitor, every one of them', async () => {
    const answers = [];
    for (const route of [...under('/api/admin/'), ...under('/api/my-')]) answers.push([route.method, route.url, await status(route)]);
    expect(answers.filter(([, , code]) => code !== 401)).toEqual([]);
  });

  it('under /api/admin/: answer 403 to a signed-in rallier, every one of them', async () => {
    const answers = [];
    for (const route of under('/api/admin/')) {
      // The route added on the app's root is outside the session scope: nobody is signed in there.
      if (route.url === '/api/admin/added-later') continue;
      answers.push([route.method, route.url, await status(route, rallierCookie)]);
    }
    expect(answers.filter(([, , code]) => code !== 403)).toEqual([]);
  });

  it('under /api/my-: let a signed-in rallier past the guard', async () => {
    const res = await app.inject({ url: '/api/my-dashboard', headers: { cookie: rallierCookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the start-up check of the guards', () => {
  it('stops the app from starting when a route under a guarded prefix names a guard itself', async () => {
    const other = await createTestApp();
    try {
      for (const [url, guard] of [
        ['/api/admin/twice', other.requireAdmin],
        ['/api/admin/weaker', other.requireUser],
        ['/api/my-twice', other.requireUser],
      ] as const)
        expect(() => other.get(url, { onRequest: guard }, async () => 'secret')).toThrow(
          /is guarded by its prefix .*: remove its own onRequest guard/,
        );
    } finally {
      await other.close();
    }
  });

  it('stops the app from starting when a guard is given in a later hook than onRequest', async () => {
    const other = await createTestApp();
    try {
      expect(() => other.post('/api/elsewhere', { preValidation: other.requireUser }, async () => 'secret')).toThrow(
        /guard in preValidation: guards go in onRequest/,
      );
    } finally {
      await other.close();
    }
  });
});
