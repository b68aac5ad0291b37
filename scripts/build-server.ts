/**
 * Compiles the server into dist/server with esbuild, so production runs plain `node` without a
 * TypeScript loader. Packages stay external (node_modules is there at run time); the migrations
 * are copied beside the bundle, where db/client.ts looks for them relative to its own file.
 */
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const SERVER_OUT_DIR = 'dist/server';

/**
 * Every file the running server starts from, compiled to dist/server/<name>.js. A worker thread
 * started with `new Worker(new URL('./<name>.js', import.meta.url))` adds its entry here.
 */
export const SERVER_ENTRIES: Record<string, string> = {
  main: 'src/server/main.ts',
  // Spreadsheet parsing, started by features/historic/parse-in-worker.ts.
  'parse-worker': 'src/server/features/historic/parse-worker.ts',
};

/** Sources whose change makes the compiled server out of date. */
const SERVER_SOURCES = ['src/server', 'src/common', 'package.json', 'scripts/build-server.ts'];

function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** True when any output is missing or older than the newest of `sources`. */
export function isStale(outputs: string[], sources: string[]): boolean {
  if (outputs.some((o) => !existsSync(o))) return true;
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return newestMtime(sources) > built;
}

export function serverIsStale(): boolean {
  return isStale(
    Object.keys(SERVER_ENTRIES).map((name) => path.join(SERVER_OUT_DIR, `${name}.js`)),
    SERVER_SOURCES,
  );
}

export async function buildServer(): Promise<void> {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync('src/server/db/migrations', path.join(SERVER_OUT_DIR, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
