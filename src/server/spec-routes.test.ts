import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { signUp, signUpAdmin } from './test/auth';
import { teamInput } from '../common/factories';
import { FIXED_ROUTES, canonicalUrl } from './spec-routes';

/** The spec's API routes as docs/spec-contract.md lists them (the spec itself is kept outside the repository). */
function specRoutesInDocs(): string[] {
  const doc = readFileSync(new URL('../../docs/spec-contract.md', import.meta.url), 'utf8');
  const list = /<!-- spec-api-routes: start -->([\s\S]*?)<!-- spec-api-routes: end -->/.exec(doc)?.[1] ?? '';
  return [...list.matchAll(/^- `([A-Z]+ \/api\/\S+)`/gm)].map((m) => m[1]!.replace(/\{(\w+)\}/g, ':$1'));
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('the table of fixed URLs', () => {
  it('names every API route of the spec, and nothing the spec does not name but the webhook', () => {
    const documented = specRoutesInDocs();
    expect(documented.length).toBeGreaterThan(30);
    const fromSpec = FIXED_ROUTES.filter((r) => r.fixedBy === 'spec').map((r) => `${r.method} ${r.fixed}`);
    expect([...fromSpec].sort()).toEqual([...documented].sort());
  });

  it('rewrites by method and path, keeping the parameters and the query string', () => {
    expect(canonicalUrl('GET', '/api/signups')).toBe('/api/fundraising/teams');
    expect(canonicalUrl('HEAD', '/api/signups')).toBe('/api/fundraising/teams');
    expect(canonicalUrl('POST', '/api/signups')).toBe('/api/signup');
    expect(canonicalUrl('PUT', '/api/signups')).toBe('/api/signups');
    expect(canonicalUrl('GET', '/api/public/signup/12?x=1')).toBe('/api/fundraising/teams/12?x=1');
    expect(canonicalUrl('DELETE', '/api/my-donations/7')).toBe('/api/my-dashboard/donations/7');
    expect(canonicalUrl('DELETE', '/api/my-donations/7/more')).toBe('/api/my-donations/7/more');
    expect(canonicalUrl('GET', '/api/login?next=%2Fadmin')).toBe('/api/auth/login-page?next=%2Fadmin');
    expect(canonicalUrl('GET', '/api/signupsx')).toBe('/api/signupsx');
    // Compared as the router compares them: decoded; parameters pass on as they came.
    expect(canonicalUrl('GET', '/api/%61dmin/signups')).toBe('/api/admin/registrations');
    expect(canonicalUrl('GET', '/api/public/signup/1%2F2')).toBe('/api/fundraising/teams/1%2F2');
    expect(canonicalUrl('GET', '/api/public/signup/')).toBe('/api/public/signup/');
  });
});

describe('a fixed URL', () => {
  let app: TestApp;
  let owner: { cookie: string };
  let admin: { cookie: string };
  let teamId: number;
  beforeAll(async () => {
    app = await createTestApp();
    const driver = await signUp(app);
    owner = driver;
    admin = await signUpAdmin(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { cookie: driver.cookie },
      payload: teamInput({ driverEmail: driver.email }),
    });
    expect(created.statusCode).toBe(201);
    teamId = (await app.inject({ url: '/api/my-dashboard/team', headers: { cookie: driver.cookie } })).json().id;
  });
  afterAll(() => app.close());

  const concrete = (path: string) =>
    path
      .replace(/:year\b/, '2018')
      .replace(/:token\b/, 'no-such-token')
      .replace(/:id\b/, String(teamId));

  it('is not a route of its own, and its canonical URL is', () => {
    const routes = new Set(app.routeTable.map(key));
    for (const r of FIXED_ROUTES) {
      expect(routes, `${r.method} ${r.canonical}`).toContain(`${r.method} ${r.canonical}`);
      if (r.fixed !== r.canonical) expect(routes).not.toContain(`${r.method} ${r.fixed}`);
    }
  });

  const answerOf = (res: Awaited<ReturnType<TestApp['inject']>>) => ({
    status: res.statusCode,
    body: res.body,
    type: res.headers['content-type'],
    cache: res.headers['cache-control'],
    etag: res.headers.etag,
    location: res.headers.location,
  });

  it('answers as its canonical URL does: every reader for a GET, a visitor for a change', async () => {
    const renamed = FIXED_ROUTES.filter((r) => r.fixed !== r.canonical);
    expect(renamed.length).toBeGreaterThan(20);
    for (const r of renamed) {
      const callers = r.method === 'GET' ? [undefined, owner.cookie, admin.cookie] : [undefined];
      for (const cookie of callers) {
        const send = (url: string) =>
          app.inject({
            method: r.method as 'GET',
            url: concrete(url),
            headers: cookie ? { cookie } : {},
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
          });
        const [fixed, canonical] = [await send(r.fixed), await send(r.canonical)];
        const who = cookie === undefined ? 'a visitor' : cookie === admin.cookie ? 'an organiser' : 'the driver';
        expect(answerOf(fixed), `${r.method} ${r.fixed} for ${who}`).toEqual(answerOf(canonical));
        // A visitor is refused or answered by the route itself, never by the not-found handler.
        if (cookie === undefined) expect(fixed.statusCode, `${r.method} ${r.fixed}`).not.toBe(404);
      }
    }
  });
});
