import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

/**
 * Every API route sits under the prefix of a feature folder (docs/decisions/012-url-prefixes.md):
 * /api/<feature>, /api/admin/<feature> for organisers, /api/my-<feature> for the signed-in
 * rallier's own records; a folder named admin-<x> holds organiser routes only and serves
 * /api/admin/<x>. The spec's own URLs reach these through src/server/spec-routes.ts.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const folders = new Set(
  readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
);

/** The feature folder an API URL's prefix names, or null when it names none. */
function featureOf(url: string): string | null {
  const m = /^\/api\/(admin\/|my-)?([a-z-]+)(?:\/|$)/.exec(url);
  if (!m) return null;
  const [, audience, name] = m as unknown as [string, string | undefined, string];
  if (audience === 'admin/' && folders.has(`admin-${name}`)) return `admin-${name}`;
  return folders.has(name) ? name : null;
}

/** Each feature folder's route URLs, as string literals in its code (tests aside). */
function urlsWrittenIn(folder: string): Set<string> {
  const dir = new URL(`./features/${folder}/`, import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const text = files.map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
  return new Set([...text.matchAll(/'(\/api\/[^']*)'/g)].map((m) => m[1]!));
}

it('every API route is under the prefix of the feature folder that registers it', () => {
  const api = [...new Set(app.routeTable.filter((r) => r.url.startsWith('/api/')).map((r) => r.url))];
  expect(api.length).toBeGreaterThan(90);
  const written = [...folders].map((folder) => ({ folder, urls: urlsWrittenIn(folder) }));
  const misplaced = api.flatMap((url) => {
    const registeredIn = written.filter((w) => w.urls.has(url)).map((w) => w.folder);
    return registeredIn.length === 1 && registeredIn[0] === featureOf(url) ? [] : [`${url}: in ${registeredIn.join(', ') || 'no folder'}`];
  });
  expect(misplaced).toEqual([]);
});

it('the rule reads a prefix as a folder name, not as any word', () => {
  expect(featureOf('/api/admin/registrations/:id/status')).toBe('registrations');
  expect(featureOf('/api/admin/donations/weekly')).toBe('admin-donations');
  expect(featureOf('/api/my-dashboard/team')).toBe('dashboard');
  expect(featureOf('/api/signups')).toBeNull();
  expect(featureOf('/api/public/signup/1')).toBeNull();
  expect(featureOf('/api/admin/signups')).toBeNull();
});
