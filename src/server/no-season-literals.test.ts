import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import type { RallySettings } from '../common/schemas/rally-settings';

/**
 * The current season's facts live in the rally settings; the code reads them. These are the
 * places that would go stale at the next season if they named the year, the destination or the
 * start port: the web app, the server (the migrations and the demo seed hold the first season's
 * data on purpose) and the test factories.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const SKIPPED = [/\.test\.tsx?$/, /^src\/server\/db\/migrations\//, /^src\/server\/seed\//, /^src\/server\/test\/(?!factories\.ts$)/];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(tsx?|html)$/.test(name) && !SKIPPED.some((re) => re.test(rel)) ? [rel] : [];
  });
}

let app: TestApp;
let rally: RallySettings;
beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
});
afterAll(() => app.close());

describe('season facts in the code', () => {
  it('are never written into the web app, the server or the test factories: they come from the settings', () => {
    const files = [...sourceFiles('src/web'), ...sourceFiles('src/server'), 'src/common/factories.ts'];
    expect(files.length).toBeGreaterThan(100);
    const facts = [String(rally.year), rally.destination, rally.startPort].map((fact) => new RegExp(`\\b${fact}\\b`));
    const found = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (facts.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
