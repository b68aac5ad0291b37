import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveEventKind } from '@common/schemas/live-events';
import { trackingKeys } from '../query-keys/tracking';
import { teamUpdateKeys } from '../query-keys/team-updates';
import { useLiveStream } from './live-stream';
import { clueKeys } from '../query-keys/clues';

export const LIVE_EVENTS_URL = '/api/live-events';

/** Calls `onEvent` with each live event while the component is shown (the page's one stream, lib/live-stream.ts). */
export function useLiveEvents(onEvent: (event: LiveEvent) => void): void {
  useLiveStream(LIVE_EVENTS_URL, onEvent);
}

/** What each kind of event makes stale: the public answers /live shows. */
export const defaultLiveKeys: Partial<Record<LiveEventKind, QueryKey[]>> = {
  'standings.changed': [clueKeys.publicStandings],
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
