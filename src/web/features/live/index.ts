/**
 * What other features and pages use of the live rally's public side: the page's one live event
 * stream (and the queries it keeps fresh), the standings board and the map.
 */
export { useLiveEvents, useLiveQueryInvalidation, defaultLiveKeys, LIVE_EVENTS_URL } from './live-events';
export { StandingsBoard } from './standings-board';
export { LiveMap } from './live-map';
