import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A web feature talks to the server through its api.ts (or a second `*-api.ts` beside it):
 * components use its query options and its write functions, so every address is in one place
 * (docs/decisions/009-feature-folders.md). The request helpers are lib/api.ts's.
 */
const FEATURES = 'src/web/features';

/** Files that make requests themselves, each for a reason an api.ts does not cover. */
const OWN_REQUESTS: Record<string, string> = {
  'rally-app/send-act.ts': "the offline queue's sender: each act is sent when the phone has signal, not by a component",
  'rally-app/site-clock.ts': "reads the server's Date header to set the phone's clock right",
  'rally-app/register-service-worker.ts': "warms the service worker's copy of /rally-app, no answer is read",
};

const REQUEST_HELPER = /import\s*\{[^}]*\b(getJson|sendJson|apiRequest|okOrThrow)\b[^}]*\}\s*from\s*'[./]*lib\/api'/;
const OWN_FETCH_CALL = /(^|[^.\w])fetch\(/m;

/** What a file outside api.ts does wrong, or null. */
export function requestProblem(file: string, text: string): string | null {
  if (/(^|\/|-)api\.ts$/.test(file) || file in OWN_REQUESTS) return null;
  if (REQUEST_HELPER.test(text)) return `${file} imports a request helper: move the request into the feature's api.ts`;
  if (OWN_FETCH_CALL.test(text)) return `${file} calls fetch: move the request into the feature's api.ts`;
  return null;
}

/**
 * A read hook passes useQuery (or useSuspenseQuery) a `*Query(...)` options value from the feature's
 * api.ts, spread when a caller adds `enabled`, `select` or `placeholderData`: never a key and fetch
 * written inline, which would be a second copy of the read.
 */
const INLINE_QUERY = /\buse(?:Suspense)?Query\s*(?:<[^()]*>)?\(\s*\{(?!\s*\.\.\.\s*\w+Query\()/;

/** Files allowed to pass useQuery an inline object, each for a reason (none today). */
const INLINE_QUERY_ALLOWED: Record<string, string> = {};

/** What a file does wrong by writing a read's options inline, or null. */
export function inlineQueryProblem(file: string, text: string): string | null {
  if (file in INLINE_QUERY_ALLOWED || !INLINE_QUERY.test(text)) return null;
  return `${file} passes useQuery an inline object: write the read as a *Query queryOptions in the feature's api.ts`;
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(FEATURES, full)] : [];
  });

describe("web features' requests", () => {
  it("go through each feature's api.ts", () => {
    const problems = sources(FEATURES)
      .map((file) => requestProblem(file, readFileSync(path.join(FEATURES, file), 'utf8')))
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('are caught outside api.ts (a check that finds nothing anywhere proves nothing)', () => {
    expect(requestProblem('x/list.tsx', "import { getJson } from '../../lib/api';")).toMatch(/request helper/);
    expect(requestProblem('x/list.tsx', "const res = await fetch('/api/x');")).toMatch(/calls fetch/);
    expect(requestProblem('x/api.ts', "import { getJson } from '../../lib/api';")).toBeNull();
    expect(requestProblem('x/list.tsx', 'const res = await queryClient.fetchQuery(q);')).toBeNull();
  });

  it('pass useQuery a *Query options value, never an inline key and fetch', () => {
    const problems = sources(FEATURES)
      .map((file) => inlineQueryProblem(file, readFileSync(path.join(FEATURES, file), 'utf8')))
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('are caught when written inline in useQuery (a check that finds nothing anywhere proves nothing)', () => {
    expect(inlineQueryProblem('x/api.ts', 'useQuery({ queryKey: k, queryFn: f })')).toMatch(/inline object/);
    expect(inlineQueryProblem('x/api.ts', 'useQuery<X[]>({ queryKey: k })')).toMatch(/inline object/);
    expect(inlineQueryProblem('x/list.tsx', 'useSuspenseQuery(\n  {\n    queryKey: k,')).toMatch(/inline object/);
    expect(inlineQueryProblem('x/api.ts', 'useQuery({ ...options, enabled })')).toMatch(/inline object/);
    expect(inlineQueryProblem('x/api.ts', 'useQuery(xQuery(a))')).toBeNull();
    expect(inlineQueryProblem('x/api.ts', 'useQuery({ ...xQuery(a), enabled })')).toBeNull();
    expect(inlineQueryProblem('x/list.tsx', 'useSuspenseQuery({\n    ...dayStoryQuery(year),\n  })')).toBeNull();
  });
});
