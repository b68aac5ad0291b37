import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run restore` into a fresh DATA_DIR that it refuses: the key file that opening the folder
 * made must not stay, so the key the backup needs can still be copied in as data-encryption-key.
 */
describe('a refused restore', () => {
  it('says why in one line and leaves no new encryption key behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-restore-refused-'));
    const notABackup = path.join(dataDir, '..', `${path.basename(dataDir)}-not-a-backup.tar.gz`);
    writeFileSync(notABackup, 'not an archive');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATA_ENCRYPTION_KEY;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', notABackup], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/is not a backup archive of this site$/);
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(true); // the folder was opened...
    expect(existsSync(path.join(dataDir, 'data-encryption-key'))).toBe(false); // ...and its new key removed
  }, 180_000);
});
