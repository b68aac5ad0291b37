/**
 * What other features use of team updates: the personal data of a team's members (privacy), and
 * posting and reading a team's own (the rally app's routes, features/rally-app), and a year's visible
 * updates for the rally's day-by-day story (features/clues).
 */
export { eraseUpdatesOfTeams, updatesOfTeams } from './personal-data';
export { postUpdate } from './post-update';
export { isHiddenUpdatePhoto, listUpdatesWithHidden, visibleUpdatesOfYear } from './update-records';
