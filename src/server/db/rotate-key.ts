import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { KEY_FILE, resolveDataKeys } from './data-keys';
import { dataKey } from '../field-cipher';
import type { Db } from './client';
import { installDataKeys } from './encrypted-text';
import { countByKey, resealSensitiveValues } from './sensitive-values';

/**
 * `npm run privacy:rotate-key`: re-seals every sensitive value under the new key.
 * - With DATA_ENCRYPTION_KEY (the new key) and DATA_ENCRYPTION_KEY_PREVIOUS (the old one): values
 *   under the old key, or under the key file of an earlier embedded start, move to the new key.
 * - Embedded, without DATA_ENCRYPTION_KEY: a new key replaces the key file. It is written beside
 *   it first (`data-encryption-key.next`), so a crash before the swap leaves it on disk.
 */
export async function rotateDataKey(db: Db, config: Config): Promise<{ resealed: number; keyId: string; counts: Record<string, number> }> {
  const file = path.join(config.dataDir, KEY_FILE);
  const configured = resolveDataKeys(config);
  if (config.DATA_ENCRYPTION_KEY) {
    if (existsSync(file)) installDataKeys({ current: dataKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')), previous: null });
    installDataKeys(configured);
    const resealed = await resealSensitiveValues(db);
    return { resealed, keyId: configured.current.id, counts: await countByKey(db) };
  }
  const next = randomBytes(32).toString('base64');
  writeFileSync(`${file}.next`, next + '\n', { mode: 0o600 });
  const current = dataKey(Buffer.from(next, 'base64'));
  installDataKeys({ current, previous: configured.current });
  const resealed = await resealSensitiveValues(db);
  renameSync(`${file}.next`, file);
  return { resealed, keyId: current.id, counts: await countByKey(db) };
}
