import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_LIST, featureFolders, featureListSource } from './list-features';

describe('the list of features (src/server/features/index.ts)', () => {
  it('is what scripts/list-features.ts writes from the folders: run `npm run features:list` after adding one', async () => {
    expect(readFileSync(FEATURE_LIST, 'utf8')).toBe(await featureListSource());
  });

  it('names every feature folder once', async () => {
    const folders = featureFolders();
    expect(folders.length).toBeGreaterThan(30);
    const source = await featureListSource(folders);
    for (const folder of folders) expect(source.match(new RegExp(`from './${folder}';`, 'g'))).toHaveLength(1);
  });

  it('refuses a feature folder that does not say what it registers', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'features-'));
    try {
      for (const name of ['declared', 'forgotten']) mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, 'declared', 'index.ts'), 'export default {};\n');
      expect(() => featureFolders(dir)).toThrow('forgotten: a feature folder says what it registers in its index.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
