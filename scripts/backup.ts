/**
 * `npm run backup [-- DIR]`: one dated archive of the database and the uploads in DIR (default
 * ./backups), and beside it a note on where the encryption key must be kept. Safe while the site
 * runs: on the embedded PostgreSQL it shares the running site's server (cli.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { recordBackup } from '../src/server/services/site-figures';
import { withDatabase } from './cli';
import { createBackup } from '../src/server/backup/archive';

await withDatabase(async (database) => {
  const config = loadConfig();
  const outDir = process.argv[2] ?? 'backups';
  const { file, note, rows, uploads } = await createBackup({ database, config, outDir });
  // For /metrics and the organisers' Site health page (and the overdue-backup e-mail).
  recordBackup(config.dataDir, { file: path.resolve(file), bytes: statSync(file).size, at: new Date().toISOString() });
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  console.log(`backup written: ${file} (${total} rows${uploads ? ', uploads included' : ', no uploads'})`);
  console.log(`read ${note}: keep the encryption key safe, and never beside the backups.`);
});
