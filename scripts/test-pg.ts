/** `npm run test:pg`: the server's API tests again, on a PostgreSQL server (TEST_DATABASE_URL). */
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`API tests on PostgreSQL (${new URL(url).host})`);
const result = spawnSync('npx', ['vitest', 'run', 'src/server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
