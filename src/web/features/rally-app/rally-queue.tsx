import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { controlRoomKeys } from '../control-room';
import { liveKeys } from '../live';
import { teamUpdateKeys } from '../team-updates';
import { createActQueue, isClueAct, type Act, type ActQueue, type QueueStorage, type Settled } from './act-queue';
import { idbQueueStorage } from './idb-storage';
import { sendAct } from './send-act';
import { rallyAppKeys } from './query-keys';

/** How often what waits is tried again while the app is open, besides when the phone says it is back online. */
const RETRY_MS = 20_000;

/**
 * Something the team should read about an act once the site answered: a refusal, or a check-in
 * away from the place. Shown by the act's clue, or by the section of its kind (an update, an SOS).
 */
export type Notice = { clientId: string; kind: Act['kind']; clueId: number | null; reason: string };

type Shared = { queue: ActQueue; settled: Set<(s: Settled) => void> };

/** A queue and its listeners for what it settles. */
export function newSharedQueue(storage: QueueStorage): Shared {
  const settled = new Set<(s: Settled) => void>();
  return { settled, queue: createActQueue(storage, sendAct, (s) => settled.forEach((listener) => listener(s))) };
}

// Each account's queue lives as long as the tab: leaving the page and coming back finds it as it was.
const pageQueues = new Map<string, Shared>();
function pageQueue(userId: string): Shared {
  let shared = pageQueues.get(userId);
  if (!shared) pageQueues.set(userId, (shared = newSharedQueue(idbQueueStorage(userId))));
  return shared;
}

type RallyQueue = {
  /** Keeps the act on the phone, then sends it (now, or when there is signal again). */
  add: (act: Act) => Promise<void>;
  /** The acts waiting to be sent, oldest first. */
  pending: readonly Act[];
  /** True when the last try to send failed for the network (or the phone says it is offline). */
  waitingForSignal: boolean;
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

/** What the team reads once an act is settled, if anything. */
function noticeOf({ act, refused, answer }: Settled): Notice | null {
  if (act.kind === 'position') return null; // the sharing section says what matters about positions
  const clueId = isClueAct(act) ? act.clueId : null;
  if (refused !== null) return { clientId: act.clientId, kind: act.kind, clueId, reason: refused };
  if (act.kind === 'check-in' && (answer as { visited?: boolean } | null)?.visited === false)
    return { clientId: act.clientId, kind: act.kind, clueId, reason: 'Not close enough yet: that check-in did not count.' };
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
      return [rallyAppKeys.myRally, liveKeys.standings];
  }
}

/**
 * The rally app's queue for the components inside: sent on opening, when the phone is back online
 * and every 20 s; what a settled act changes (the team's clues and the standings, its updates, its
 * SOS and All OK) is read again.
 */
export function RallyQueueProvider({ userId, shared, children }: { userId: string; shared?: Shared; children: ReactNode }) {
  const client = useQueryClient();
  const { queue, settled } = useMemo(() => shared ?? pageQueue(userId), [shared, userId]);
  const pending = useSyncExternalStore(queue.subscribe, queue.pending, queue.pending);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [failed, setFailed] = useState(false);
  const [notices, setNotices] = useState<Notice[]>([]);

  const flush = useCallback(() => void queue.flush().then((done) => setFailed(!done)), [queue]);
  useEffect(() => {
    const onSettled = (s: Settled) => {
      const notice = noticeOf(s);
      if (notice) setNotices((list) => [...list, notice]);
      for (const queryKey of staleAfter(s.act)) void client.invalidateQueries({ queryKey });
    };
    settled.add(onSettled);
    flush();
    window.addEventListener('online', flush);
    const timer = window.setInterval(flush, RETRY_MS);
    return () => {
      settled.delete(onSettled);
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [client, queue, settled, flush]);

  // The same function for the queue's life: effects that add (position sharing) do not start again with each act.
  const add = useCallback(
    async (act: Act) => {
      await queue.add(act);
      flush();
    },
    [queue, flush],
  );
  const value = useMemo(
    () => ({
      add,
      pending,
      waitingForSignal: pending.length > 0 && (failed || !online),
      notices,
      dismiss: (clientId: string) => setNotices((list) => list.filter((n) => n.clientId !== clientId)),
    }),
    [add, pending, failed, online, notices],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
