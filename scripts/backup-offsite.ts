/**
 * `npm run backup:offsite [-- DIR]`: a backup as `npm run backup` makes it, then copied to the
 * S3-compatible bucket of the S3_* settings (BACKUP_S3_BUCKET, else S3_BUCKET; under backups/), keeping the last 14 there and in DIR.
 * Compose's backup service runs it daily (compose.yaml). Without S3_BUCKET it stops and says so.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { withDatabase } from './cli';
import { createBackup } from '../src/server/backup/archive';
import { copyBackupOffsite, OFFSITE_KEEP } from '../src/server/backup/offsite';
import { createStorage, S3Storage } from '../src/server/services/storage';
import { recordBackup } from '../src/server/services/site-figures';

const config = loadConfig();
// The backups' own bucket when set: the uploads' bucket is usually readable by anyone.
const storage = createStorage({ ...config, S3_BUCKET: config.BACKUP_S3_BUCKET ?? config.S3_BUCKET }, Buffer.alloc(32));
if (!(storage instanceof S3Storage)) {
  console.error('backup:offsite needs the S3_* settings (S3_BUCKET at least): the archives go to that bucket.');
  process.exit(1);
}
await withDatabase(async (database) => {
  const outDir = process.argv[2] ?? 'backups';
  const { file } = await createBackup({ database, config, outDir });
  recordBackup(config.dataDir, { file: path.resolve(file), bytes: statSync(file).size, at: new Date().toISOString() });
  const { key, kept, removed } = await copyBackupOffsite(storage, file);
  // The local copies too: the last 14, so the volume does not fill up.
  const local = readdirSync(outDir)
    .filter((n) => /^rally-backup-.*\.tar\.gz$/.test(n))
    .sort();
  for (const old of local.slice(0, Math.max(0, local.length - OFFSITE_KEEP))) {
    rmSync(path.join(outDir, old), { force: true });
    rmSync(path.join(outDir, old.replace(/\.tar\.gz$/, '.key-note.txt')), { force: true });
  }
  console.log(`backup written: ${file}, copied to the bucket as ${key} (${kept} kept there, ${removed.length} older removed)`);
});
