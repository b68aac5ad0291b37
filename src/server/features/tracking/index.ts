/** What other features use of position sharing: storing a team's position (the rally app's route, features/rally). */
export { storePosition } from './positions';
