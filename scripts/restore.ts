/**
 * `npm run restore FILE`: brings a fresh DATA_DIR (or, with DATABASE_URL, an empty database) back to
 * the state of a backup made by `npm run backup`. Stop the site first. The encryption key that
 * sealed the backup must be in place (DATA_ENCRYPTION_KEY, or its file in DATA_DIR).
 */
import { loadConfig } from '../src/server/config';
import { withDatabase } from './cli';
import { BackupError, restoreBackup } from '../src/server/backup/archive';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (a rally-backup-*.tar.gz made by npm run backup)');
  process.exit(1);
}
await withDatabase(async (database) => {
  try {
    const { rows, uploads } = await restoreBackup({ database, config: loadConfig(), file });
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    console.log(`restored ${total} rows and ${uploads} upload files from ${file}`);
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
});
