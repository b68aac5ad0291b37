import { customType } from 'drizzle-orm/pg-core';
import { open, seal, type DataKey } from '../field-cipher';

/**
 * The keys the database layer seals and opens sensitive columns with. Installed once at start
 * (openDatabase, buildApp) from the configuration; every key ever installed in this process still
 * opens what it sealed, and new values are sealed under the latest current key.
 */
const keyring: DataKey[] = [];
let sealingKey: DataKey | null = null;

export function installDataKeys(keys: { current: DataKey; previous: DataKey | null }): void {
  for (const k of [keys.current, keys.previous]) if (k && !keyring.some((x) => x.id === k.id)) keyring.push(k);
  sealingKey = keys.current;
}

export function sealingDataKey(): DataKey {
  if (!sealingKey) throw new Error('no data encryption key installed (installDataKeys at start)');
  return sealingKey;
}

export const installedDataKeys = (): readonly DataKey[] => keyring;

/**
 * A text column stored encrypted, one envelope per value, with the column's name as associated
 * data. Drizzle seals on every write and opens on every read, so routes only ever see plain text
 * and nothing else in the code handles ciphertext.
 */
export function encryptedText(column: string) {
  return customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => seal(sealingDataKey(), value, column),
    fromDriver: (value) => open(keyring, value, column),
  })(column);
}
