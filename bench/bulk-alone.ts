/**
 * `npx tsx bench/bulk-alone.ts`: only the bulk e-mail figure of `npm run bench`, on the embedded
 * PostgreSQL seeded with the large data set, with CPU time per message and the heap of the site.
 * `BULK_DATA_DIR=/path` reuses a data folder seeded by an earlier run (the first run prints its own).
 * `BULK_RUNS=n` sends n times in a row.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { seedLarge } from './seed-large';
import { SHARED_TEST_KEY } from './processes';
import { benchBulkMail } from './bulk-mail';

const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
const port = Number(process.env.BENCH_PORT ?? 5390) + 40;
let dataDir = process.env.BULK_DATA_DIR;
if (!dataDir) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bulk-'));
  const database = await openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: SHARED_TEST_KEY }));
  await seedLarge(database.db);
  await database.close();
  console.log(`seeded ${dataDir}`);
}
for (let i = 0; i < Number(process.env.BULK_RUNS ?? 1); i++) {
  const f = await benchBulkMail({ DATA_DIR: dataDir }, port, ADMIN);
  const cpu = f.cpuMsPerMessage!;
  console.log(
    `${f.recipients} messages in ${f.seconds.toFixed(1)} s: ${f.perSecond.toFixed(0)} msg/s, peak ${f.peakMb.toFixed(0)} MB (node ${f.nodeAtPeakMb!.toFixed(0)}); ` +
      `CPU ms/message node ${cpu.node.toFixed(2)}, postgres ${cpu.postgres.toFixed(2)}, sink ${cpu.sink.toFixed(2)}; load ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
}
process.exit(0);
