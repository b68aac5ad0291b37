import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveEventKind } from '@common/schemas/live-events';
import { trackingKeys } from '../tracking';
import { teamUpdateKeys } from '../team-updates';
import { liveKeys } from './query-keys';

export const LIVE_EVENTS_URL = '/api/live/events';

type Listener = (event: LiveEvent) => void;

/**
 * One EventSource per page, however many components listen: opened with the first listener,
 * closed with the last. EventSource reconnects by itself (the server's `retry`); events sent while
 * it was away are lost, so a reconnect is passed on as `live.resync`, as is a first open after a
 * failed try (the page was opened without signal).
 */
let shared: { source: EventSource; listeners: Set<Listener> } | null = null;

function listen(listener: Listener): () => void {
  if (!shared) {
    const source = new EventSource(LIVE_EVENTS_URL);
    const listeners = new Set<Listener>();
    const tell = (event: LiveEvent) => listeners.forEach((l) => l(event));
    // Whether events may have been missed before this open: after an earlier open, or after a failed
    // first try (a page shown from the phone's copies without signal, whose stream opens later).
    let mayHaveMissed = false;
    source.onopen = () => {
      if (mayHaveMissed) tell({ kind: 'live.resync' });
      mayHaveMissed = true;
    };
    source.onerror = () => {
      mayHaveMissed = true;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return; // Not one of ours: the stream carries JSON only.
      }
      if (typeof event?.kind === 'string') tell(event);
    };
    shared = { source, listeners };
  }
  const current = shared;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (!current.listeners.size && shared === current) {
      current.source.close();
      shared = null;
    }
  };
}

/** Calls `onEvent` with each live event while the component is shown (the page's one stream). */
export function useLiveEvents(onEvent: Listener): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => listen((event) => latest.current(event)), []);
}

/** What each kind of event makes stale: the public answers /live shows. */
export const defaultLiveKeys: Partial<Record<LiveEventKind, QueryKey[]>> = {
  'standings.changed': [liveKeys.standings],
  'positions.changed': [trackingKeys.livePositions],
  'updates.changed': [teamUpdateKeys.public],
};

/**
 * Keeps the page's queries fresh from the live event stream: each event invalidates the queries
 * its kind names (`defaultLiveKeys`, plus `extra`, e.g. the rally app's own clues on
 * `standings.changed`); `live.resync` invalidates all of them. Invalidation refetches only the
 * queries in use, so a page pays only for what it shows.
 */
export function useLiveQueryInvalidation(extra: Partial<Record<LiveEventKind, QueryKey[]>> = {}): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    const kinds = Object.keys({ ...defaultLiveKeys, ...extra }) as LiveEventKind[];
    const keysOf = (kind: LiveEventKind) => [...(defaultLiveKeys[kind] ?? []), ...(extra[kind] ?? [])];
    const stale = event.kind === 'live.resync' ? kinds.flatMap(keysOf) : keysOf(event.kind as LiveEventKind);
    for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
  });
}
