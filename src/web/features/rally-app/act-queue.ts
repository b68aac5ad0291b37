import type { Position } from '@common/schemas/clues';

/**
 * Everything the team does in the rally app, kept on the phone until the site has it. Each act
 * carries the id and the time made at the moment of the act, so sending it again after lost
 * signal is the same act to the server (it answers the same and never scores twice).
 */
export type Act =
  | {
      kind: 'answer';
      clientId: string;
      clueId: number;
      answeredAt: string;
      text?: string;
      /** A photo not uploaded yet; once uploaded it is dropped and `photoUploadUrl` kept instead. */
      photo?: Blob;
      photoUploadUrl?: string;
      position?: Position;
    }
  | { kind: 'hint'; clientId: string; clueId: number; hintId: string; answeredAt: string }
  | { kind: 'check-in'; clientId: string; clueId: number; position: Position; answeredAt: string }
  | { kind: 'position'; clientId: string; lat: number; lng: number; accuracy?: number; recordedAt: string }
  | {
      kind: 'update';
      clientId: string;
      body: string;
      /** As an answer's photo: the Blob until uploaded, then the upload's id. */
      photo?: Blob;
      photoUploadUrl?: string;
    }
  | { kind: 'sos'; clientId: string; position?: Position; note?: string }
  | { kind: 'all-ok'; clientId: string };

/** The acts about one clue (answers, hints, check-ins). */
export type ClueAct = Extract<Act, { clueId: number }>;
export const isClueAct = (act: Act): act is ClueAct => 'clueId' in act;

/** Where the queue is kept: IndexedDB on the phone (idb-storage.ts), memory in tests. */
export interface QueueStorage {
  load(): Promise<Act[]>;
  save(acts: Act[]): Promise<void>;
}

/** What became of an act the site answered: accepted (with the site's answer), or refused with its reason (a 4xx). */
export type Settled = { act: Act; refused: string | null; answer?: unknown };

/**
 * Sends one act. It may call `progress` with the act changed (a photo uploaded), which is kept
 * before the next step, so a retry does not upload it again. A network failure throws anything
 * but a RefusedError; a refusal by the site throws RefusedError.
 */
export type SendAct = (act: Act, progress: (changed: Act) => Promise<void>) => Promise<unknown>;

export class RefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedError';
  }
}

/** One empty list, so a reader comparing answers sees no change before the queue is loaded. */
const NONE: readonly Act[] = [];

export type ActQueue = ReturnType<typeof createActQueue>;

/**
 * The queue: acts are sent one at a time in the order they were made. One that fails for the
 * network stays first, and the send stops until the next `flush` (signal back, page load, timer);
 * one the site refuses or accepts leaves the queue. Only one flush runs at a time.
 */
export function createActQueue(storage: QueueStorage, send: SendAct, onSettled: (settled: Settled) => void = () => {}) {
  let acts: Act[] | null = null;
  let running: Promise<boolean> | null = null;
  // Each change is saved after the one before, so a slow save never overwrites a later one.
  let saving: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();

  const loaded = async () => {
    if (acts) return acts;
    const stored = await storage.load();
    if (acts) return acts; // loaded meanwhile by another caller
    acts = stored;
    listeners.forEach((l) => l());
    return acts;
  };
  const changed = (next: Act[]) => {
    acts = next;
    const snapshot = next;
    saving = saving.then(() => storage.save(snapshot));
    listeners.forEach((l) => l());
    return saving;
  };

  async function flushNow(): Promise<boolean> {
    for (;;) {
      const [first] = await loaded();
      if (!first) return true;
      try {
        const answer = await send(first, (act) => changed((acts ?? []).map((a) => (a.clientId === act.clientId ? act : a))));
        await changed((acts ?? []).filter((a) => a.clientId !== first.clientId));
        onSettled({ act: first, refused: null, answer });
      } catch (error) {
        if (!(error instanceof RefusedError)) return false;
        await changed((acts ?? []).filter((a) => a.clientId !== first.clientId));
        onSettled({ act: first, refused: error.reason });
      }
    }
  }

  return {
    /**
     * Keeps the act (saved before this resolves); `flush` sends it. An SOS goes ahead of everything
     * but earlier SOSes: the organisers must not wait for a queue of positions and answers. The act
     * being sent meanwhile is not stopped; the SOS is the next one sent.
     */
    async add(act: Act): Promise<void> {
      await loaded();
      // The list as it is now, not as loaded: a send may have settled an act meanwhile.
      const now = acts ?? [];
      if (act.kind !== 'sos') return changed([...now, act]);
      const firstOther = now.findIndex((a) => a.kind !== 'sos');
      const at = firstOther === -1 ? now.length : firstOther;
      await changed([...now.slice(0, at), act, ...now.slice(at)]);
    },
    /** Sends what waits, in order; true when nothing is left, false when the network failed. */
    flush(): Promise<boolean> {
      return (running ??= flushNow().finally(() => (running = null)));
    },
    /** The acts waiting, oldest first (empty until loaded). */
    pending: (): readonly Act[] => acts ?? NONE,
    load: loaded,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
