import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { controlRoomKeys } from '../../query-keys/control-room';
import { clueKeys } from '../../query-keys/clues';
import { teamUpdateKeys } from '../../query-keys/team-updates';
import {
  browserAnnouncer,
  createActQueue,
  type Act,
  type ActQueue,
  type QueuedAct,
  type QueueStorage,
  type Refusal,
  type Settled,
} from './act-queue';
import { memoryQueueStorage } from './memory-queue-storage';
import { idbQueueStorage } from './idb-storage';
import { sendAct } from './send-act';
import { syncSiteClock } from './site-clock';
import { rallyAppKeys } from '../../query-keys/rally-app';
import { whenIdle } from '../../lib/when-idle';

/** How often what waits is tried again while the app is open (unless backing off after failures), besides when the phone says it is back online. */
const RETRY_MS = 20_000;

/**
 * Something the team should read about an act the site took, shown by the act's clue: a check-in
 * away from the place. (Refusals are kept with the queue and shown at the top of the app.)
 */
export type Notice = { clientId: string; kind: Act['kind']; clueId: number | null; reason: string };

type Shared = { queue: ActQueue; settled: Set<(s: Settled) => void> };

/** A queue and its listeners for what it settles. */
export function newSharedQueue(storage: QueueStorage, name = 'rally-app-queue'): Shared {
  const settled = new Set<(s: Settled) => void>();
  const queue = createActQueue({
    storage,
    send: sendAct,
    lockName: name,
    announcer: browserAnnouncer(name),
    onSettled: (s) => settled.forEach((listener) => listener(s)),
  });
  return { settled, queue };
}

// Each account's queue lives as long as the tab: leaving the page and coming back finds it as it was.
const pageQueues = new Map<string, Shared>();
function pageQueue(userId: string): Shared {
  // The server draws the page once, for one request: an empty queue of its own, kept nowhere.
  if (typeof window === 'undefined') return newSharedQueue(memoryQueueStorage().storage);
  let shared = pageQueues.get(userId);
  if (!shared) {
    const storage = typeof indexedDB === 'undefined' ? memoryQueueStorage().storage : idbQueueStorage(userId);
    pageQueues.set(userId, (shared = newSharedQueue(storage, `rally-app-queue-${userId}`)));
  }
  return shared;
}

type RallyQueue = {
  /** Keeps the act on the phone, then sends it (now, or when there is signal again). */
  add: (act: Act) => Promise<void>;
  /** Replaces a queued act not yet sent (false when it is already on its way). */
  edit: (clientId: string, next: Act) => Promise<boolean>;
  /** Removes a queued act not yet sent (false when it is already on its way). */
  withdraw: (clientId: string) => Promise<boolean>;
  /** The acts waiting to be sent, in the order they go. */
  pending: readonly Act[];
  queued: readonly QueuedAct[];
  /** Acts the site refused for good, to show until dismissed. */
  refusals: readonly Refusal[];
  dismissRefusal: (clientId: string) => void;
  /** True when the last try to send failed for the network (or the phone says it is offline). */
  waitingForSignal: boolean;
  /** True when the site asked for a login: every act is kept until the team logs in again. */
  loginNeeded: boolean;
  /** True while the phone says it has no network. */
  offline: boolean;
  notices: Notice[];
  dismiss: (clientId: string) => void;
};

const Context = createContext<RallyQueue | null>(null);

export function useRallyQueue(): RallyQueue {
  const queue = useContext(Context);
  if (!queue) throw new Error('useRallyQueue is used inside RallyQueueProvider');
  return queue;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** What the team reads by the clue once the site took an act, if anything. */
function noticeOf({ act, refused, answer }: Settled): Notice | null {
  if (refused === null && act.kind === 'check-in' && (answer as { visited?: boolean } | null)?.visited === false)
    return {
      clientId: act.clientId,
      kind: act.kind,
      clueId: act.clueId,
      reason: 'Not close enough yet: that check-in did not count.',
    };
  return null;
}

/** What the site's answer to an act changes on the page: read again once it is settled. */
function staleAfter(act: Act): QueryKey[] {
  switch (act.kind) {
    case 'position':
      return [];
    case 'update':
      return [teamUpdateKeys.mine];
    case 'sos':
    case 'all-ok':
      return [controlRoomKeys.myStatus];
    default:
      return [rallyAppKeys.myClues, clueKeys.publicStandings];
  }
}

/**
 * The rally app's queue for the components inside: sent on opening, when the phone is back online,
 * after each new act and every 20 s (backing off after failures); what a settled act changes (the
 * team's clues and the standings, its updates, its SOS and All OK) is read again. Every tab of the
 * app shares one queue per account (act-queue.ts).
 */
export function RallyQueueProvider({ userId, shared, children }: { userId: string; shared?: Shared; children: ReactNode }) {
  const client = useQueryClient();
  const { queue, settled } = useMemo(() => shared ?? pageQueue(userId), [shared, userId]);
  const view = useSyncExternalStore(queue.subscribe, queue.view, queue.view);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [notices, setNotices] = useState<Notice[]>([]);

  useEffect(() => {
    const onSettled = (s: Settled) => {
      const notice = noticeOf(s);
      if (notice) setNotices((list) => [...list, notice]);
      for (const queryKey of staleAfter(s.act)) void client.invalidateQueries({ queryKey });
    };
    const now = () => {
      void syncSiteClock();
      void queue.flush({ force: true });
    };
    const retry = () => void queue.flush();
    settled.add(onSettled);
    // Once the page is idle (within a second): not in the task that hydrates the app.
    const cancelLoad = whenIdle(() => void queue.load().then(now));
    window.addEventListener('online', now);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      cancelLoad();
      settled.delete(onSettled);
      window.removeEventListener('online', now);
      window.clearInterval(timer);
    };
  }, [client, queue, settled]);

  // The same function for the queue's life: effects that add (position sharing) do not start again with each act.
  const add = useCallback(
    async (act: Act) => {
      await queue.add(act);
      void queue.flush({ force: true });
    },
    [queue],
  );
  const edit = useCallback(
    async (clientId: string, next: Act) => {
      const done = await queue.edit(clientId, next);
      void queue.flush({ force: true });
      return done;
    },
    [queue],
  );
  const value = useMemo((): RallyQueue => {
    const pending = view.queued.map((q) => q.act);
    return {
      add,
      edit,
      withdraw: (clientId) => queue.withdraw(clientId),
      pending,
      queued: view.queued,
      refusals: view.refusals,
      dismissRefusal: (clientId) => void queue.dismiss(clientId),
      waitingForSignal: pending.length > 0 && (view.status === 'offline' || !online),
      loginNeeded: pending.length > 0 && view.status === 'login-needed',
      offline: !online,
      notices,
      dismiss: (clientId: string) => setNotices((list) => list.filter((n) => n.clientId !== clientId)),
    };
  }, [add, edit, queue, view, online, notices]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
