/** `npm run privacy:rotate-key`: re-encrypts every passport, medical and dietary value under the new key. */
import { loadConfig } from '../src/server/config';
import { withDatabase } from './cli';
import { rotateDataKey } from '../src/server/db/rotate-key';

await withDatabase(async (database) => {
  const config = loadConfig();
  const { resealed, keyId, counts } = await rotateDataKey(database.db, config);
  console.log(`re-encrypted ${resealed} values under key ${keyId}; values per key now: ${JSON.stringify(counts)}`);
  if (config.DATA_ENCRYPTION_KEY_PREVIOUS)
    console.log('Once every instance runs with the new DATA_ENCRYPTION_KEY, remove DATA_ENCRYPTION_KEY_PREVIOUS.');
});
