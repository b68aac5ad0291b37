/**
 * Writes src/server/features/index.ts, the list of every feature folder: each folder says in its
 * own index.ts what it registers (src/server/plugins/feature.ts), so adding a feature is adding a
 * folder and running `npm run features:list`. The server is bundled by esbuild
 * (scripts/build-server.ts), which cannot follow a folder read at run time, so the list is written
 * here; scripts/list-features.test.ts fails when the file is not what this script would write.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export const FEATURES_DIR = 'src/server/features';
export const FEATURE_LIST = path.join(FEATURES_DIR, 'index.ts');

/** The feature folders, in name order; each must declare what it registers. */
export function featureFolders(dir = FEATURES_DIR): string[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const undeclared = folders.filter((name) => !existsSync(path.join(dir, name, 'index.ts')));
  if (undeclared.length) throw new Error(`${undeclared.join(', ')}: a feature folder says what it registers in its index.ts`);
  return folders;
}

const identifier = (folder: string) => folder.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The text of features/index.ts for these folders, formatted as Prettier would. */
export async function featureListSource(folders: string[] = featureFolders()): Promise<string> {
  const source = [
    '// Written by scripts/list-features.ts (`npm run features:list`) from the folders beside this file: do not edit.',
    "import type { Feature } from '../plugins/feature';",
    ...folders.map((folder) => `import ${identifier(folder)} from './${folder}';`),
    '',
    '/** Every feature folder, each with what it registers (its index.ts), in name order. */',
    `export const features: Feature[] = [${folders.map(identifier).join(', ')}];`,
    '',
  ].join('\n');
  return format(source, { ...(await resolveConfig(FEATURE_LIST)), filepath: FEATURE_LIST });
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(FEATURE_LIST, await featureListSource());
