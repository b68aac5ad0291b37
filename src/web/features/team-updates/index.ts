/**
 * What other features and pages use of team updates: the public feed (/live, donate pages), the
 * form the rally app posts with, the function that sends one, the organisers' list, the cache keys.
 */
export { UpdatesFeed } from './updates-feed';
export { PostUpdateForm } from './post-update-form';
export { useMyUpdates, type NewTeamUpdate } from './api';
export { UpdateModeration } from './update-moderation';
