import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@common/schemas/live-events';

type Listener = (event: LiveEvent) => void;
type Stream = { source: EventSource; listeners: Set<Listener> };

/**
 * The web app's one client of the site's live streams (GET /api/live-events, and the organisers'
 * /api/admin/live-events): one EventSource per address however many components listen, opened
 * with the first listener and closed with the last. EventSource reconnects by itself (the
 * server's `retry`); events sent while it was away are lost, so a reconnect is passed on as
 * `live.resync`, as is a first open after a failed try (a page opened without signal), and every
 * listener reads again what it shows.
 */
const streams = new Map<string, Stream>();

function open(url: string): Stream {
  const source = new EventSource(url);
  const listeners = new Set<Listener>();
  const tell = (event: LiveEvent) => listeners.forEach((l) => l(event));
  // Whether events may have been missed before this open: after an earlier open, or after a failed first try.
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
  return { source, listeners };
}

/** Calls `listener` with each event of the stream at `url` until the returned function is called. */
export function listenToStream(url: string, listener: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let stream = streams.get(url);
  if (!stream) streams.set(url, (stream = open(url)));
  const current = stream;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (!current.listeners.size && streams.get(url) === current) {
      current.source.close();
      streams.delete(url);
    }
  };
}

/** Calls `onEvent` with each event of the stream at `url` while the component is shown. */
export function useLiveStream(url: string, onEvent: Listener, enabled = true): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => (enabled ? listenToStream(url, (event) => latest.current(event)) : undefined), [url, enabled]);
}
