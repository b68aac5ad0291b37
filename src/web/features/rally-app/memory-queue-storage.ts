import type { QueuedAct, QueueStorage, Refusal } from './act-queue';

/**
 * The queue's storage in memory: for a browser without IndexedDB (the acts then live as long as
 * the tab) and for tests. `saved` is what the phone would keep; two queues given one storage are
 * two tabs on one phone.
 */
export function memoryQueueStorage() {
  const acts = new Map<string, QueuedAct>();
  const refused = new Map<string, Refusal>();
  const copy = <T>(value: T): T => ({ ...value });
  const storage: QueueStorage = {
    list: async () => [...acts.values()].map(copy).sort((a, b) => a.order - b.order),
    put: async (queued) => void acts.set(queued.act.clientId, copy(queued)),
    claim: async (clientId) => {
      const found = acts.get(clientId);
      if (!found) return null;
      acts.set(clientId, { ...found, tried: true });
      return { ...found, tried: true };
    },
    remove: async (clientId, refusal) => {
      acts.delete(clientId);
      if (refusal) refused.set(clientId, refusal);
    },
    replace: async (clientId, next) => {
      const found = acts.get(clientId);
      if (!found || found.tried) return false;
      acts.delete(clientId);
      if (next) acts.set(next.act.clientId, copy(next));
      return true;
    },
    refusals: async () => [...refused.values()],
    dismiss: async (clientId) => void refused.delete(clientId),
  };
  return { storage, saved: () => [...acts.values()].sort((a, b) => a.order - b.order).map((q) => q.act), refused };
}
