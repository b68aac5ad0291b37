import { createStore, get, set } from 'idb-keyval';
import type { Act, QueueStorage } from './act-queue';

/**
 * The queue in the phone's IndexedDB: one list under one key, so it is read and written whole
 * (a handful of acts; a photo's Blob is stored as it is).
 */
export function idbQueueStorage(): QueueStorage {
  const store = createStore('rally-app', 'queue');
  return {
    load: async () => (await get<Act[]>('acts', store)) ?? [],
    save: (acts) => set('acts', acts, store),
  };
}
