/**
 * `npm run restore FILE`: brings a fresh DATA_DIR (or, with DATABASE_URL, an empty database) back to
 * the state of a backup made by `npm run backup`. Stop the site first. The encryption key that
 * sealed the backup must be in place (DATA_ENCRYPTION_KEY, or its file in DATA_DIR).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { withDatabase } from './cli';
import { BackupError, restoreBackup } from '../src/server/backup/archive';
import { KEY_FILE } from '../src/server/db/data-keys';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE   (a rally-backup-*.tar.gz made by npm run backup)');
  process.exit(1);
}
const config = loadConfig();
// Opening a fresh DATA_DIR makes an encryption key there: a refused restore must not leave it, or
// the key the backup needs could no longer simply be copied in.
const keyFile = path.join(config.dataDir, KEY_FILE);
const madeKey = !config.DATA_ENCRYPTION_KEY && !existsSync(keyFile);
await withDatabase(async (database) => {
  try {
    const { rows, uploads, sessionsKept } = await restoreBackup({ database, config, file });
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    console.log(`restored ${total} rows and ${uploads} upload files from ${file}`);
    console.log(
      sessionsKept
        ? 'people stay signed in (the session secret was restored too)'
        : 'everyone signs in again: the backup holds no session secret the site can use' +
            (config.SESSION_SECRET ? ' (SESSION_SECRET is set to another one)' : ''),
    );
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    if (madeKey) rmSync(keyFile, { force: true });
    process.exitCode = 1;
  }
});
