import type { Position } from '@common/schemas/clues';

/**
 * Everything the team does in the rally app, kept on the phone until the site has it. Each act
 * carries the id and the time made at the moment of the act (`madeAt`, by the site's clock), so
 * sending it again after lost signal is the same act to the server (it answers the same and never
 * scores twice). `answeredAt` is the name acts queued before `madeAt` existed carry.
 */
type Stamp = { clientId: string; madeAt?: string; answeredAt?: string };
export type Act = Stamp &
  (
    | {
        kind: 'answer';
        clueId: number;
        text?: string;
        /** A photo not uploaded yet; once uploaded it is dropped and `photoUploadUrl` kept instead. */
        photo?: Blob;
        photoUploadUrl?: string;
        position?: Position;
      }
    | { kind: 'hint'; clueId: number; hintId: string; cost?: number }
    | { kind: 'check-in'; clueId: number; position: Position }
    | { kind: 'position'; lat: number; lng: number; accuracy?: number; recordedAt: string }
    | {
        kind: 'update';
        body: string;
        /** As an answer's photo: the Blob until uploaded, then the upload's id. */
        photo?: Blob;
        photoUploadUrl?: string;
      }
    | { kind: 'sos'; position?: Position; note?: string }
    | { kind: 'all-ok' }
  );

/** The acts about one clue (answers, hints, check-ins). */
export type ClueAct = Extract<Act, { clueId: number }>;
export const isClueAct = (act: Act): act is ClueAct => 'clueId' in act;

/**
 * One act as kept on the phone. `order` sorts the queue (an SOS before everything else); `tried`
 * is set, in the same transaction that reads it, before the act is handed to the network: from
 * then the site may have it, so it can no longer be edited or withdrawn.
 */
export type QueuedAct = { act: Act; order: number; tried?: boolean };

/** An act the site refused for a reason sending again cannot fix, kept to be shown until dismissed. */
export type Refusal = {
  clientId: string;
  kind: Act['kind'];
  clueId: number | null;
  reason: string;
  madeAt: string | null;
  /** The words of an answer or update, so the team can tell which it was and send it again. */
  words?: string;
};

/**
 * Where the queue is kept: each act its own record (IndexedDB on the phone, idb-storage.ts; memory
 * in tests), so two tabs adding at once never overwrite each other. Every change that must be
 * all-or-nothing is one call.
 */
export interface QueueStorage {
  /** The acts waiting, in the order they are sent. */
  list(): Promise<QueuedAct[]>;
  put(queued: QueuedAct): Promise<void>;
  /** Marks the act as handed to the network and returns it; null when it is gone (withdrawn, sent by another tab). */
  claim(clientId: string): Promise<QueuedAct | null>;
  /** Removes the act; with a refusal, keeps that in the refusals in the same transaction. */
  remove(clientId: string, refusal?: Refusal): Promise<void>;
  /** Replaces (or with null removes) an act never handed to the network; false when it was, or is gone. */
  replace(clientId: string, next: QueuedAct | null): Promise<boolean>;
  refusals(): Promise<Refusal[]>;
  dismiss(clientId: string): Promise<void>;
}

/** What became of an act the site answered: accepted (with the site's answer), or refused with its reason (a 4xx). */
export type Settled = { act: Act; refused: string | null; answer?: unknown };

/**
 * Sends one act. It may call `progress` with the act changed (a photo uploaded), which is kept
 * before the next step, so a retry does not upload it again. A refusal the act cannot get past
 * throws RefusedError; "log in again" (401, 403) throws LoginNeededError; anything else (no
 * signal, 5xx, 408, 429) is worth trying again later.
 */
export type SendAct = (act: Act, progress: (changed: Act) => Promise<void>) => Promise<unknown>;

export class RefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedError';
  }
}

export class LoginNeededError extends Error {
  constructor() {
    super('Log in again to send');
    this.name = 'LoginNeededError';
  }
}

/**
 * How the sending stands: `idle` (nothing failed), `offline` (the last try failed for the network
 * or the site, retried with backoff), `login-needed` (the site asked for a login: every act kept).
 */
export type SendStatus = 'idle' | 'offline' | 'login-needed';

export type QueueView = { queued: readonly QueuedAct[]; refusals: readonly Refusal[]; status: SendStatus };

const bothEmpty = (a: readonly unknown[], b: readonly unknown[]) => a.length === 0 && b.length === 0;
/** Nothing the page shows would change: the same status, and no acts nor refusals before or after. */
const sameView = (a: QueueView, b: QueueView) =>
  a.status === b.status &&
  (a.queued === b.queued || bothEmpty(a.queued, b.queued)) &&
  (a.refusals === b.refusals || bothEmpty(a.refusals, b.refusals));

/** Runs `work` while holding the named lock, in this tab and every other (the Web Locks API). */
export type WithLock = (name: string, work: () => Promise<void>) => Promise<void>;

/** Tells the other tabs that the queue changed, and hears them (a BroadcastChannel). */
export type Announcer = { announce(): void; listen(heard: () => void): () => void };

/** The first retry after a failure, doubled with each failure after it, up to the cap. */
export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_CAP_MS = 120_000;
export const backoffMs = (failures: number) => Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));

/** The Web Locks API where the browser has it; else a lock for this tab alone (the site still stores each clientId once). */
export function browserLock(): WithLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks)
    return async (name, work) => {
      await locks.request(name, work);
    };
  const tails = new Map<string, Promise<void>>();
  return (name, work) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(work);
    tails.set(
      name,
      run.catch(() => {}),
    );
    return run;
  };
}

/** A BroadcastChannel where the browser has one; else nothing to tell (one tab). */
export function browserAnnouncer(name: string): Announcer {
  // No other tab to tell where there are no channels, nor on the server, which draws the page once.
  if (typeof BroadcastChannel === 'undefined' || typeof window === 'undefined') return { announce() {}, listen: () => () => {} };
  const channel = new BroadcastChannel(name);
  return {
    announce: () => channel.postMessage('changed'),
    listen(heard) {
      channel.addEventListener('message', heard);
      return () => channel.removeEventListener('message', heard);
    },
  };
}

export type ActQueue = ReturnType<typeof createActQueue>;

type Options = {
  storage: QueueStorage;
  send: SendAct;
  /** The lock's name: one sender per account across the phone's tabs. */
  lockName: string;
  lock?: WithLock;
  announcer?: Announcer;
  onSettled?: (settled: Settled) => void;
  now?: () => number;
  /** False when the phone knows it has no network: nothing is tried, so acts stay editable. */
  online?: () => boolean;
};

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Where an act goes in the queue: an SOS before every other act, the rest in the order they were made. */
const SOS_FIRST = -1e15;
let lastOrder = 0;
function orderOf(act: Act): number {
  // Strictly rising within the tab, even for two acts in one millisecond.
  lastOrder = Math.max(Date.now(), lastOrder + 1);
  return act.kind === 'sos' ? SOS_FIRST + lastOrder : lastOrder;
}

/**
 * The queue: acts are sent one at a time in order, by one tab at a time (the lock), each record
 * read again from storage before it is sent, so an act added or withdrawn in another tab is seen.
 * An act leaves the queue only when the site stored it or refused it for good (then it is kept as a
 * refusal to show). "Log in again" stops the send and keeps everything; a network failure stops it
 * until the next try, which waits longer after each failure (`backoffMs`) unless forced (signal
 * back, a new act).
 */
export function createActQueue(options: Options) {
  const { storage, send, lockName, onSettled = () => {}, now = Date.now, online = browserOnline } = options;
  const lock = options.lock ?? browserLock();
  const announcer = options.announcer ?? { announce() {}, listen: () => () => {} };
  let view: QueueView = { queued: [], refusals: [], status: 'idle' };
  let failures = 0;
  let nextTryAt = 0;
  let running: Promise<SendStatus> | null = null;
  /** A forced flush asked for while one runs, to run once that one ends (see `flush`). */
  let again: Promise<SendStatus> | null = null;
  const start = () => (running = flushNow().finally(() => (running = null)));
  const listeners = new Set<() => void>();

  // The view stays the same object while nothing in it changes (an empty queue read again, a try
  // that found nothing to send): the page is not rendered again for it, every 20 s.
  const setView = (next: Partial<QueueView>) => {
    const merged = { ...view, ...next };
    if (sameView(view, merged)) return;
    view = merged;
    listeners.forEach((l) => l());
  };
  const reload = async () => {
    const [queued, refusals] = await Promise.all([storage.list(), storage.refusals()]);
    setView({ queued, refusals });
  };
  /** After a change made here: this tab's view, then the others'. */
  const changed = async () => {
    await reload();
    announcer.announce();
  };
  const stopListening = announcer.listen(() => void reload());

  /** Sends until the queue is empty or a send fails; the status it ends in. */
  async function sendAll(): Promise<SendStatus> {
    for (;;) {
      const [first] = await storage.list();
      if (!first) return 'idle';
      const claimed = await storage.claim(first.act.clientId);
      if (!claimed) continue; // gone meanwhile (withdrawn)
      let act = claimed.act;
      try {
        const answer = await send(act, async (progressed) => {
          act = progressed;
          await storage.put({ ...claimed, act });
        });
        await storage.remove(act.clientId);
        await changed();
        onSettled({ act, refused: null, answer });
      } catch (error) {
        if (error instanceof LoginNeededError) {
          // The site did not take it: the team may still change it until it is sent again.
          await storage.put({ ...claimed, act, tried: false });
          return 'login-needed';
        }
        if (!(error instanceof RefusedError)) return 'offline';
        const madeAt = act.madeAt ?? act.answeredAt ?? null;
        const clueId = isClueAct(act) ? act.clueId : null;
        // A refused position is of no use to the team: the sharing section says what matters.
        const words = act.kind === 'answer' ? act.text : act.kind === 'update' ? act.body : undefined;
        const refusal =
          act.kind === 'position'
            ? undefined
            : { clientId: act.clientId, kind: act.kind, clueId, reason: error.reason, madeAt, ...(words ? { words } : {}) };
        await storage.remove(act.clientId, refusal);
        await changed();
        onSettled({ act, refused: error.reason });
      }
    }
  }

  async function flushNow(): Promise<SendStatus> {
    let status = 'idle' as SendStatus;
    await lock(lockName, async () => {
      // Without a network nothing can be sent: trying would only mark the acts as possibly sent.
      status = online() ? await sendAll() : (await storage.list()).length ? 'offline' : 'idle';
    });
    if (status === 'offline') {
      failures += 1;
      nextTryAt = now() + backoffMs(failures);
    } else {
      failures = 0;
      nextTryAt = 0;
    }
    setView({ status });
    return status;
  }

  return {
    load: reload,
    /** Keeps the act (saved before this resolves) and tells the other tabs; `flush` sends it. */
    async add(act: Act): Promise<void> {
      await storage.put({ act, order: orderOf(act) });
      await changed();
    },
    /**
     * Replaces a queued act never handed to the network by `next` (an edited answer: a new
     * clientId, as it is a new act to the site) in one transaction; false when it was already sent.
     */
    async edit(clientId: string, next: Act): Promise<boolean> {
      const old = view.queued.find((q) => q.act.clientId === clientId);
      const done = await storage.replace(clientId, { act: next, order: old?.order ?? orderOf(next) });
      await changed();
      return done;
    },
    /** Removes a queued act never handed to the network; false when it was already sent. */
    async withdraw(clientId: string): Promise<boolean> {
      const done = await storage.replace(clientId, null);
      await changed();
      return done;
    },
    /** Forgets a refusal once the team has read it (in every tab). */
    async dismiss(clientId: string): Promise<void> {
      await storage.dismiss(clientId);
      await changed();
    },
    /**
     * Sends what waits, in order. Unless `force`d (signal back, a new act), a try within the
     * backoff after a failure is skipped, and a try while one runs is that one. Resolves with the
     * status it ends in.
     */
    flush({ force = false }: { force?: boolean } = {}): Promise<SendStatus> {
      if (!force && now() < nextTryAt) return Promise.resolve(view.status);
      if (!running) return start();
      if (!force) return running;
      // The flush under way may have looked for a signal before it came back, or listed the queue
      // before this act was kept: a forced one runs again after it instead of taking its answer.
      const next = () => {
        again = null;
        return running ?? start();
      };
      return (again ??= running.then(next, next));
    },
    /** The queue as last read: the acts waiting, the refusals to show, how sending stands. */
    view: (): QueueView => view,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stopListening,
  };
}
