import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * No module of the server or the web app imports itself back through others
 * (docs/decisions/010-server-floors.md, 009-feature-folders.md). ESLint's floors keep imports from
 * running back up (a service importing a feature, lib importing a web feature); this keeps them
 * from running in a circle inside one floor or one feature, where a module can be used before it
 * has finished loading. Imports of types only are left out: they are gone once compiled.
 */
async function importCycles(dir: string): Promise<string[]> {
  const { output } = await cruise([dir], {
    validate: true,
    ruleSet: {
      forbidden: [
        { name: 'no-circular', severity: 'error', from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } } },
      ],
    },
    // Read from the TypeScript sources as written (quicker than compiling each file first), so
    // type-only imports are seen, and the rule above leaves out the cycles made only of them.
    tsPreCompilationDeps: true,
    exclude: { path: ['\\.test\\.tsx?$', '/db/migrations/'] },
    doNotFollow: { path: 'node_modules' },
  });
  return (output as ICruiseResult).summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(' -> '));
}

describe('import cycles', () => {
  it('are found when there is one (a check that finds nothing anywhere proves nothing)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(path.join(dir, 'src'));
      // One side a .tsx file, as the web app's components are.
      writeFileSync(path.join(dir, 'src', 'a.tsx'), "import { b } from './b';\nexport const a = () => b();\n");
      writeFileSync(path.join(dir, 'src', 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      // Types only, both ways: no cycle once compiled.
      writeFileSync(path.join(dir, 'src', 'c.ts'), "import type { D } from './d';\nexport type C = { d?: D };\n");
      writeFileSync(path.join(dir, 'src', 'd.ts'), "import type { C } from './c';\nexport type D = { c?: C };\n");
      const found = await importCycles(path.join(dir, 'src'));
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((cycle) => /a\.ts|b\.ts/.test(cycle) && !/c\.ts|d\.ts/.test(cycle))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are none in src/server', async () => {
    expect(await importCycles('src/server')).toEqual([]);
  });

  it('are none in src/web', async () => {
    expect(await importCycles('src/web')).toEqual([]);
  });
});
