/**
 * `npm run test:pg`: what only a PostgreSQL server of one's own shows (TEST_DATABASE_URL, default the
 * local server), not a second run of every API test, which `npm test` runs on the same PostgreSQL
 * embedded: the migrations from empty (the tests' template) and from the previous release with its
 * data, this release's data migrations, and how the site meets a server that is away, slow to
 * answer, or drops its connections. Two instances and a server restart under load are in the
 * hardening suite, which runs on this server too.
 */
import { spawnSync } from 'node:child_process';

const SERVER_TESTS = [
  'src/server/db/migrations-upgrade.test.ts',
  'src/server/db/co-driver-backfill.test.ts',
  'src/server/db/justgiving-confirmation-migration.test.ts',
  'src/server/db/array-params.test.ts',
  'src/server/db/listen.test.ts',
  'src/server/db/unavailable.test.ts',
  'src/server/db/wait-for-database.test.ts',
];

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`PostgreSQL server tests on ${new URL(url).host}`);
const result = spawnSync('npx', ['vitest', 'run', ...SERVER_TESTS, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
