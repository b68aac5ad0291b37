/**
 * What other features use of followers: the data download and erasure of an address's follows
 * (privacy), and starting a follow (the team's fundraising page). A new update reaches followers
 * through app.teamFollowers.updatePosted (its plugin).
 */
export { eraseFollowsOf, followsOf } from './personal-data';
export { followTeamRequest, FOLLOW_LIMITS } from './start-follow-request';
