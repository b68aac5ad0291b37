import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's Layout section against the tree: every folder it names exists, and every folder of
 * src/server and src/web is named in its part of the section, so the map a newcomer reads first
 * cannot drift from the folders (issue: the README once claimed layouts that were not so).
 */
const readme = readFileSync('README.md', 'utf8');
const layout = /## Layout\n+```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

/** The section's lines from `top/` to the next line that starts at the margin. */
function partOf(top: string): string {
  const lines = layout.split('\n');
  const start = lines.findIndex((l) => l.startsWith(top));
  const end = lines.findIndex((l, i) => i > start && /^\S/.test(l));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

const folders = (dir: string) => readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
/** Every folder's name at any depth under dir (the section also names some inner ones: db/schema/). */
const allFolders = (dir: string): string[] => folders(dir).flatMap((f) => [f, ...allFolders(path.join(dir, f))]);

describe('the README layout', () => {
  it('is found, and the README is at most 150 lines', () => {
    expect(layout.length).toBeGreaterThan(200);
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('names only top-level folders that exist', () => {
    const named = layout.split('\n').flatMap((l) => /^([\w.-]+(?:\/[\w.-]+)*)\/\s/.exec(l)?.[1] ?? []);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((dir) => !statSync(dir, { throwIfNoEntry: false })?.isDirectory())).toEqual([]);
  });

  it.each(['src/server', 'src/web'])('names every folder of %s, and only those', (dir) => {
    const part = partOf(`${dir}/`);
    const named = [...part.matchAll(/(?:^\s+|\s)([a-z][\w-]*)\/(?=[\s,)]|$)/gm)].map((m) => m[1]!);
    const actual = folders(dir);
    expect(actual.filter((f) => !named.includes(f))).toEqual([]);
    const anywhere = allFolders(dir);
    expect(named.filter((f) => !anywhere.includes(f))).toEqual([]);
  });
});
