import { createStore, get, set } from 'idb-keyval';
import type { Act, QueueStorage } from './act-queue';

/**
 * The queue in the phone's IndexedDB: one list per account, read and written whole (a handful of
 * acts; a photo's Blob is stored as it is). Per account, so acts made by one rallier are never sent
 * with another's session when someone else signs in on the phone: they wait for their maker.
 */
export function idbQueueStorage(userId: string): QueueStorage {
  const store = createStore('rally-app', 'queue');
  const key = `acts-${userId}`;
  return {
    load: async () => (await get<Act[]>(key, store)) ?? [],
    save: (acts) => set(key, acts, store),
  };
}
