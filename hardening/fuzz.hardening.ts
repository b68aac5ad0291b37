import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../src/server/test/app';
import { signUp, signUpAdmin } from '../src/server/test/auth';

/**
 * Route-driven fuzzing: for every registered API route, generated path parameters, queries and
 * bodies (JSON values, wrong types, broken JSON) from anonymous, signed-in and admin callers.
 * No answer may be a 5xx, and a batch of requests that were all refused must change no data.
 */
const TOTAL_REQUESTS = 10_000;
const WATCHED_TABLES = ['users', 'signups', 'donations', 'email_updates', 'historic_participants', 'password_reset_tokens', 'bulk_sends', 'bulk_send_recipients', 'team_profiles'];

let app: TestApp;
let cookies: (string | undefined)[];

beforeAll(async () => {
  app = await createTestApp({ jobs: true });
  const user = await signUp(app);
  const admin = await signUpAdmin(app);
  cookies = [undefined, user.cookie, admin.cookie];
});
afterAll(() => app.close());

async function digest(): Promise<string> {
  const parts = WATCHED_TABLES.map((t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x)`);
  const result = (await app.db.execute(sql.raw(`select ${parts.join(' || ')} as d`))) as unknown as { rows: { d: string }[] };
  return result.rows[0].d;
}

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '0', '-1', '1', '2018', '99999999999', 'null', '%00', '../..', '<script>', "' or 1=1 --", 'ü'));
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('email', 'password', 'amount', 'signupId', 'teamName', 'subject', 'htmlContent', 'recipientType', 'token', 'newPassword', 'name', 'driverEmail', 'carImageURL', 'paymentMethod', 'sponsors', 'testEmail'), fc.jsonValue({ maxDepth: 2 })),
);
const rawBody = fc.oneof(fc.constant('{"email":'), fc.string({ maxLength: 30 }), fc.constant('[]'), fc.constant('null'));

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? '1')).replace('*', 'x');
}

describe('route-driven fuzzing', () => {
  it(`gives no 5xx across ${TOTAL_REQUESTS.toLocaleString('en-GB')} generated requests, and refused batches change nothing`, async () => {
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/unsubscribe/'));
    const perRoute = Math.ceil(TOTAL_REQUESTS / routes.length);
    let sent = 0;
    const failures: string[] = [];

    for (const route of routes) {
      const before = await digest();
      let allRefused = true;
      await fc.assert(
        fc.asyncProperty(
          fc.array(text, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
          fc.oneof(jsonBody.map((b) => ({ json: b })), rawBody.map((r) => ({ raw: r }))),
          fc.nat({ max: cookies.length - 1 }),
          async (params, query, body, who) => {
            const hasBody = !['GET', 'DELETE'].includes(route.method);
            const cookie = cookies[who];
            const res = await app.inject({
              method: route.method as 'POST',
              url: fillPath(route.url, params),
              query,
              headers: { ...(cookie ? { cookie } : {}), ...(hasBody && 'raw' in body ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody ? { payload: 'raw' in body ? body.raw : (body.json as object) } : {}),
            });
            sent += 1;
            if (res.statusCode < 400) allRefused = false;
            if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
            return res.statusCode < 500;
          },
        ),
        { numRuns: perRoute, seed: 20260909, endOnFailure: true },
      ).catch(() => {});
      if (allRefused) expect([`${route.method} ${route.url}`, await digest()]).toEqual([`${route.method} ${route.url}`, before]);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 600_000);
});
