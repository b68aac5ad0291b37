/** What pages use of followers: the supporter's form, the team's count, the organisers' table. */
export { FollowTeam } from './follow-team';
export { FollowerCount } from './follower-count';
export { AdminFollows } from './admin-follows';
export { useFollow, useFollowAction } from './api';
