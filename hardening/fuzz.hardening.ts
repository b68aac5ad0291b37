import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../src/server/test/app';
import { signUp, signUpAdmin } from '../src/server/test/auth';
import { dataDigester } from '../src/server/test/data-digest';
import { EVENT_STREAM_URLS } from '../src/server/test/event-stream';

/**
 * Route-driven fuzzing: for every registered API route, generated path parameters, queries and
 * bodies (JSON values, wrong types, broken JSON) from anonymous, signed-in and admin callers.
 * No answer may be a 5xx, and a batch of requests that were all refused must change no data.
 */
const TOTAL_REQUESTS = 10_000;
/** A request that has not answered by then fails the run with its route, instead of hanging it. */
const ANSWER_WITHIN_MS = 15_000;
/** A fingerprint of every table but rate limits and sessions, which a refused request may change. */
let digest: () => Promise<string>;

let app: TestApp;
let cookies: (string | undefined)[];

beforeAll(async () => {
  app = await createTestApp({ jobs: true });
  const user = await signUp(app);
  const admin = await signUpAdmin(app);
  cookies = [undefined, user.cookie, admin.cookie];
  digest = await dataDigester(app.db);
});
afterAll(() => app.close());

/**
 * Text with NUL characters or lone UTF-16 surrogates (which JSON carries and PostgreSQL cannot
 * store), and numbers past every column (int4, years, pence), beside ordinary values.
 */
const nulText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'))
  .map(([s, bad]) => `${s.slice(0, 3)}${bad}${s.slice(3)}`);
const overflow = fc.constantFrom(1e10, -1, 2_147_483_648, -2_147_483_649, 1e308, Number.MAX_SAFE_INTEGER, 0.5, -2026);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  nulText,
  overflow.map(String),
  fc.constantFrom('', '0', '-1', '1', '2018', '99999999999', '1e10', 'null', '%00', '\u0000', '../..', '<script>', "' or 1=1 --", 'ü'),
);
const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), nulText, overflow, fc.array(fc.oneof(nulText, overflow), { maxLength: 3 }));
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'amount',
      'signupId',
      'teamName',
      'subject',
      'htmlContent',
      'recipientType',
      'token',
      'newPassword',
      'name',
      'driverEmail',
      'carImageURL',
      'paymentMethod',
      'sponsors',
      'testEmail',
      'rallyYear',
      'carYear',
      'previousRallyYears',
      'donorName',
      'message',
      'currency',
      'idempotencyKey',
      'firstName',
      'lastName',
    ),
    fieldValue,
  ),
);
const rawBody = fc.oneof(fc.constant('{"email":'), fc.string({ maxLength: 30 }), fc.constant('[]'), fc.constant('null'));

/** A URL cannot carry a lone surrogate: its UTF-8 bytes as a lone surrogate would have them (WTF-8) stand in. */
const encodePathValue = (v: string) =>
  v.isWellFormed() ? encodeURIComponent(v) : encodeURIComponent(v.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodePathValue(values[i++] ?? '1')).replace('*', 'x');
}

describe('route-driven fuzzing', () => {
  it(`gives no 5xx across ${TOTAL_REQUESTS.toLocaleString('en-GB')} generated requests, and refused batches change nothing`, async () => {
    const routes = app.routeTable.filter(
      (r) => (r.url.startsWith('/api/') || r.url.startsWith('/unsubscribe/')) && !EVENT_STREAM_URLS.has(r.url), // no input to fuzz, and an injected request never completes
    );
    const perRoute = Math.ceil(TOTAL_REQUESTS / routes.length);
    let sent = 0;
    const failures: string[] = [];

    for (const route of routes) {
      const before = await digest();
      let allRefused = true;
      const details = await fc.check(
        fc.asyncProperty(
          fc.array(text, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constant('page')), text, { maxKeys: 3 }),
          fc.oneof(
            jsonBody.map((b) => ({ json: b })),
            rawBody.map((r) => ({ raw: r })),
          ),
          fc.nat({ max: cookies.length - 1 }),
          async (params, query, body, who) => {
            const hasBody = !['GET', 'DELETE'].includes(route.method);
            const cookie = cookies[who];
            const url = fillPath(route.url, params);
            let timer: NodeJS.Timeout | undefined;
            const res = await Promise.race([
              app.inject({
                method: route.method as 'POST',
                url,
                query,
                headers: { ...(cookie ? { cookie } : {}), ...(hasBody && 'raw' in body ? { 'content-type': 'application/json' } : {}) },
                ...(hasBody ? { payload: 'raw' in body ? body.raw : (body.json as object) } : {}),
              }),
              new Promise<never>((_, reject) => {
                timer = setTimeout(
                  () => reject(new Error(`${route.method} ${url} did not answer within ${ANSWER_WITHIN_MS} ms`)),
                  ANSWER_WITHIN_MS,
                );
              }),
            ]).finally(() => clearTimeout(timer));
            sent += 1;
            if (res.statusCode < 400) allRefused = false;
            if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
            return res.statusCode < 500;
          },
        ),
        { numRuns: perRoute, seed: 20260909, endOnFailure: true },
      );
      // fast-check's own report names the shrunk counterexample and the seed to replay it.
      if (details.failed) failures.push(`${route.method} ${route.url}: ${fc.defaultReportMessage(details)}`);
      if (allRefused) expect([`${route.method} ${route.url}`, await digest()]).toEqual([`${route.method} ${route.url}`, before]);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 600_000);
});
