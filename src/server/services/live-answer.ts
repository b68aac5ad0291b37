import { CachedAnswer } from './public-cache';
import type { LiveEvents } from './live-events';

export type KeptLiveAnswer = {
  /** The ready answer: the kept one, or one built now (requests that come meanwhile share it). */
  get(): Promise<CachedAnswer>;
  /** Stops listening for events (the app closes). */
  stop(): void;
};

/**
 * A public answer of the live rally (the standings, the positions map), built once for every open
 * page of this instance rather than once per request: when an event comes, 2,000 pages ask again
 * at the same moment. Serialized once, with an ETag and its compressed forms (CachedAnswer).
 *
 * Dropped when a live event of one of `kinds`, or `live.resync`, reaches this instance, and kept
 * `maxAgeMs` at most, because some changes send no event (a clue's release time passing, a position
 * passing the public delay). A build that an event overtook still answers the requests that came
 * before the event, and is not kept for those after it.
 */
export function keptLiveAnswer(
  live: Pick<LiveEvents, 'subscribe'>,
  opts: { kinds: readonly string[]; maxAgeMs: number; build: () => Promise<unknown> },
): KeptLiveAnswer {
  let kept: { at: number; answer: Promise<CachedAnswer> } | null = null;
  const unsubscribe = live.subscribe((event) => {
    if (event.kind === 'live.resync' || opts.kinds.includes(event.kind)) kept = null;
  });
  return {
    get() {
      // Date.now, not the rally clock: the age is real time even when RALLY_CLOCK stands still.
      const now = Date.now();
      if (!kept || now - kept.at > opts.maxAgeMs) {
        const answer = opts.build().then((value) => new CachedAnswer(value));
        const entry = { at: now, answer };
        kept = entry;
        answer.catch(() => {
          if (kept === entry) kept = null;
        });
      }
      return kept.answer;
    },
    stop: () => unsubscribe(),
  };
}
