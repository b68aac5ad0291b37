import type { Db } from './client';
import type { DataKey } from '../field-cipher';
import { countByKey } from './sensitive-values';
import { StartError } from '../errors';

export class DataKeyError extends StartError {}

/** The ids of the keys that sealed the sensitive values stored now (plain values left out). */
export async function sealingKeyIds(db: Db): Promise<string[]> {
  return Object.keys(await countByKey(db)).filter((id) => id !== 'plain');
}

/**
 * Stops the start when the database holds values sealed by a key this site was not given: it
 * would answer every list and dashboard that reads them with an error, and seal new values with a
 * key the other instances do not have.
 */
export function assertKeysOpen(sealedBy: string[], keys: readonly DataKey[]): void {
  const missing = sealedBy.filter((id) => !keys.some((k) => k.id === id));
  if (!missing.length) return;
  throw new DataKeyError(
    `The database holds passports and medical details sealed with key ${missing.join(', ')}, which this site was not given. ` +
      'Set DATA_ENCRYPTION_KEY to that key (or, for the embedded database, put its file back in DATA_DIR as data-encryption-key); ' +
      'after a rotation, set the old one as DATA_ENCRYPTION_KEY_PREVIOUS. The site did not start and changed nothing.',
  );
}
