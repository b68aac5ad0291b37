import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { dataKey, type DataKey } from '../field-cipher';
import { DataKeyError } from './data-key-check';

export const KEY_FILE = 'data-encryption-key';

export type DataKeys = { current: DataKey; previous: DataKey | null };

const fromBase64 = (value: string) => dataKey(Buffer.from(value.trim(), 'base64'));

/**
 * The key that encrypts passports, medical and dietary data: DATA_ENCRYPTION_KEY when set
 * (required with PostgreSQL in production: every instance must share it, and it must not live
 * beside the database). Otherwise one is made once and kept in the data folder (mode 0600).
 * DATA_ENCRYPTION_KEY_PREVIOUS still opens values sealed before a rotation.
 */
export function resolveDataKeys(config: Config, warn: (msg: string) => void = () => {}, opts: { allowNew?: boolean } = {}): DataKeys {
  const previous = config.DATA_ENCRYPTION_KEY_PREVIOUS ? fromBase64(config.DATA_ENCRYPTION_KEY_PREVIOUS) : null;
  if (config.DATA_ENCRYPTION_KEY) return { current: fromBase64(config.DATA_ENCRYPTION_KEY), previous };
  const file = path.join(config.dataDir, KEY_FILE);
  if (existsSync(file)) return { current: fromBase64(readFileSync(file, 'utf8')), previous };
  // A database that already holds sealed values needs the key that sealed them, never a new one.
  if (opts.allowNew === false)
    throw new DataKeyError(
      `No encryption key: ${file} is missing and DATA_ENCRYPTION_KEY is not set, but the database holds values sealed with a key. ` +
        'Put the key back (its file in DATA_DIR, or DATA_ENCRYPTION_KEY); the site did not start and made no new key.',
    );
  if (!config.embedded) warn(`DATA_ENCRYPTION_KEY is not set: a key was made in ${file}; every instance must share one.`);
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  // 'wx': two processes starting together never overwrite each other's new key.
  try {
    writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { current: fromBase64(readFileSync(file, 'utf8')), previous };
}
