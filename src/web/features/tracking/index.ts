/** What other features and pages use of tracking: its cache keys and the dashboard's sharing card. */
export { PositionSharingCard } from './position-sharing-card';
