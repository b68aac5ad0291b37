/** What other features may use from the rallier's dashboard. */
export { toMyDonation } from './queries';
export { findMyTeam } from './queries';
