import { createStore, type UseStore } from 'idb-keyval';
import type { Act, QueuedAct, QueueStorage, Refusal } from './act-queue';

/**
 * The queue in the phone's IndexedDB: each act its own record, keyed [account, 'act', clientId],
 * and each refusal still to show [account, 'refused', clientId]. Per account, so acts made by one
 * rallier are never sent with another's session when someone else signs in on the phone: they wait
 * for their maker. Whatever must happen together (mark as sent and read; remove and keep the
 * refusal; replace an act never sent) is one transaction, so any number of tabs can share it.
 */
export function idbQueueStorage(userId: string, store: UseStore = createStore('rally-app', 'queue')): QueueStorage {
  const actKey = (clientId: string) => [userId, 'act', clientId];
  const refusedKey = (clientId: string) => [userId, 'refused', clientId];
  // Arrays sort after strings: [user, part, []] is after every [user, part, clientId].
  const all = (part: string) => IDBKeyRange.bound([userId, part], [userId, part, []]);
  // The whole list under one key, as phones kept it before each act had its own record.
  const oldKey = `acts-${userId}`;

  /** Runs `work` in one transaction; resolves with what it set once the transaction is committed. */
  const inTransaction = <T>(mode: IDBTransactionMode, work: (s: IDBObjectStore, done: (value: T) => void) => void) =>
    store(
      mode,
      (s) =>
        new Promise<T>((resolve, reject) => {
          let value: T;
          s.transaction.oncomplete = () => resolve(value);
          s.transaction.onerror = s.transaction.onabort = () => reject(s.transaction.error);
          work(s, (v) => (value = v));
        }),
    );

  return {
    list: () =>
      inTransaction<QueuedAct[]>('readwrite', (s, done) => {
        const old = s.get(oldKey);
        old.onsuccess = () => {
          const acts = (old.result as Act[] | undefined) ?? [];
          acts.forEach((act, i) => s.put({ act, order: (act.kind === 'sos' ? -1e15 : 0) + i } satisfies QueuedAct, actKey(act.clientId)));
          if (old.result) s.delete(oldKey);
          const read = s.getAll(all('act'));
          read.onsuccess = () => done((read.result as QueuedAct[]).sort((a, b) => a.order - b.order));
        };
      }),
    put: (queued) => inTransaction<void>('readwrite', (s) => void s.put(queued, actKey(queued.act.clientId))),
    claim: (clientId) =>
      inTransaction<QueuedAct | null>('readwrite', (s, done) => {
        const read = s.get(actKey(clientId));
        read.onsuccess = () => {
          const found = read.result as QueuedAct | undefined;
          if (!found) return done(null);
          const claimed = { ...found, tried: true };
          s.put(claimed, actKey(clientId));
          done(claimed);
        };
      }),
    remove: (clientId, refusal?: Refusal) =>
      inTransaction<void>('readwrite', (s) => {
        s.delete(actKey(clientId));
        if (refusal) s.put(refusal, refusedKey(clientId));
      }),
    replace: (clientId, next) =>
      inTransaction<boolean>('readwrite', (s, done) => {
        const read = s.get(actKey(clientId));
        read.onsuccess = () => {
          const found = read.result as QueuedAct | undefined;
          if (!found || found.tried) return done(false);
          s.delete(actKey(clientId));
          if (next) s.put(next, actKey(next.act.clientId));
          done(true);
        };
      }),
    refusals: () =>
      inTransaction<Refusal[]>('readonly', (s, done) => {
        const read = s.getAll(all('refused'));
        read.onsuccess = () => done(read.result as Refusal[]);
      }),
    dismiss: (clientId) => inTransaction<void>('readwrite', (s) => void s.delete(refusedKey(clientId))),
  };
}
