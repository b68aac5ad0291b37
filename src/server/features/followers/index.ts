/**
 * What other features use of followers: the data download and erasure of an address's follows
 * (privacy). A new update reaches followers through app.teamFollowers.updatePosted (its plugin).
 */
export { eraseFollowsOf, followsOf } from './personal-data';
