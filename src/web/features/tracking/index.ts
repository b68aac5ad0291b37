/** What pages use of tracking: the dashboard's sharing card and /live's map. */
export { PositionSharingCard } from './position-sharing-card';
export { LiveMap } from './live-map';
