import type { LiveEvent } from '../../../common/schemas/live-events';

/**
 * How long events are gathered before they go to the open streams, once one has just gone (the
 * LIVE_GATHER_MS setting's default). 300 ms:
 * during the hunt 200 teams answer about 3 times a second, each answer a `standings.changed`; passed
 * on one by one, every open /live page would fetch the standings 3 times a second. Gathered, a page
 * fetches at most about 3 times a second whatever the rate of answers, and a change still reaches it
 * within the window plus one fetch (the target is under 1 s). An event that finds the stream idle
 * goes at once.
 */
export const COALESCE_MS = 300;
/**
 * The longest held events wait for a busy instance (see EventCoalescer's `busy`): past it they go
 * anyway, so a page is never left more than this behind.
 */
export const MAX_HOLD_MS = 5_000;
/**
 * The kinds that come in bursts and only say "refetch": every answer of the hunt, every position
 * change. Other kinds (messages, team updates, resync) are rare, and their pages may read their
 * ids: they go at once, as they come.
 */
export const GATHERED_KINDS: ReadonlySet<string> = new Set(['standings.changed', 'positions.changed']);

/**
 * Passes live events of the GATHERED_KINDS on at most once per window: the first at once, the ones that come during the
 * window at its end, merged: one event per kind, in the order the kinds first came, keeping
 * `signupId` and `id` only where every event of that kind agreed (several teams' changes become one
 * `{ kind }`: "refetch"). Nothing is dropped: the last event of a burst always goes, one window later
 * at the latest, or up to MAX_HOLD_MS while `busy()` says the instance is still answering the pages'
 * fetches of the last change: telling them of the next one then would only pile fetches on fetches
 * (each page fetches the newest standings anyway once it hears).
 */
export class EventCoalescer {
  private held = new Map<string, LiveEvent>();
  private timer: NodeJS.Timeout | null = null;

  /** When the events held now started to wait (to bound the wait while busy). */
  private heldSince = 0;

  constructor(
    private send: (event: LiveEvent) => void,
    private opts: { windowMs?: number; maxHoldMs?: number; busy?: () => boolean } = {},
  ) {}

  push(event: LiveEvent): void {
    if (!GATHERED_KINDS.has(event.kind)) return this.send(event);
    if (this.timer) return this.hold(event);
    this.send(event);
    this.startWindow();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held.clear();
  }

  private hold(event: LiveEvent): void {
    if (this.held.size === 0) this.heldSince = Date.now();
    const earlier = this.held.get(event.kind);
    if (!earlier) {
      this.held.set(event.kind, event);
      return;
    }
    const merged: LiveEvent = { kind: event.kind };
    if (earlier.signupId !== undefined && earlier.signupId === event.signupId) merged.signupId = event.signupId;
    if (earlier.id !== undefined && earlier.id === event.id) merged.id = event.id;
    this.held.set(event.kind, merged);
  }

  private startWindow(): void {
    this.timer = setTimeout(() => this.endWindow(), this.opts.windowMs ?? COALESCE_MS);
    this.timer.unref();
  }

  private endWindow(): void {
    this.timer = null;
    if (this.held.size === 0) return;
    const waited = Date.now() - this.heldSince;
    if (this.opts.busy?.() && waited < (this.opts.maxHoldMs ?? MAX_HOLD_MS)) return this.startWindow();
    const events = [...this.held.values()];
    this.held.clear();
    for (const event of events) this.send(event);
    this.startWindow();
  }
}
