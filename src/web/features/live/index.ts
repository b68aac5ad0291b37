/** What the /live page shows of the live rally: the standings board and the map. */
export { StandingsBoard } from './standings-board';
export { LiveMap } from './live-map';
