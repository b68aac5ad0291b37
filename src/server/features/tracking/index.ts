/** What other features use of position sharing: storing a team's position and whether sharing is still open (the rally app's route, features/rally-app). */
export { storePosition } from './positions';
export { assertSharingOpen } from './sharing-period';
